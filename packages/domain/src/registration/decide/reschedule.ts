import { type Decision, domainError } from '../../decider';
import { isReleasedStatus } from '../../status';
import type { RescheduleRegistrationCommand } from '../commands';
import type { RegistrationEvent } from '../events';
import { REGISTRATION_MESSAGES } from '../messages';
import { seatsHeld } from '../queries';
import type { RegistrationState } from '../state';
import { existing } from './refusals';

export function rescheduleRegistration(
  state: RegistrationState,
  command: RescheduleRegistrationCommand,
): Decision<RegistrationEvent> {
  const refusal = existing(state);
  if (refusal) return refusal;
  if (isReleasedStatus(state.status!)) {
    return domainError('CANCELLED', REGISTRATION_MESSAGES.cannotReschedule);
  }
  if (command.toTimeslotId === state.timeslotId) {
    return domainError('INVALID', REGISTRATION_MESSAGES.sameSlot);
  }
  return [
    {
      type: 'RegistrationRescheduled',
      data: {
        fromTimeslotId: state.timeslotId!,
        fromDate: command.fromDate,
        fromTime: command.fromTime,
        toTimeslotId: command.toTimeslotId,
        toDate: command.toDate,
        toTime: command.toTime,
        seats: seatsHeld(state),
        sequence: state.rescheduleCount + 1,
        at: command.at,
      },
    },
  ];
}
