// The chunk later-steps.tsx loads: everything the wizard shows after its first step.
export { JoinWaitlistForm } from '../waitlist/join-waitlist-form';
export { HeldSlot } from './held-slot';
export { PersonalStep } from './personal-step';
export { ReviewStep } from './review-step';
export { SlotStep } from './slot-step';
