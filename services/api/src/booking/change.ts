// The command that keeps an order's seats and code redemption in step lives in @hs/commands, where
// the worker's hold sweeper runs it too; the routes import it from here.
export { changeRegistration, existingRegistration } from '@hs/commands';
