import { type Decision, domainError } from '../../decider';
import { publicCancelTransition } from '../../status';
import type { CancelRegistrationCommand, ChangeStatusByAdminCommand } from '../commands';
import type { RegistrationEvent } from '../events';
import { statusChangeView } from '../queries';
import type { RegistrationState } from '../state';
import { adminStatusChange } from '../status-change';
import { existing } from './refusals';

export function changeStatusByAdmin(
  state: RegistrationState,
  command: ChangeStatusByAdminCommand,
): Decision<RegistrationEvent> {
  const refusal = existing(state);
  if (refusal) return refusal;
  const from = state.status!;
  const t = adminStatusChange(statusChangeView(state), command.status);
  if (!t.ok) return domainError('STATUS_NOT_ALLOWED', t.message);
  if (t.to === 'cancelled') {
    return [{ type: 'RegistrationCancelled', data: { from, source: 'admin', at: command.at } }];
  }
  const owedAgain = t.reinstatedCents !== state.reinstatedCents ? { reinstatedCents: t.reinstatedCents } : {};
  return [{ type: 'StatusChanged', data: { from, to: t.to, source: 'admin', at: command.at, ...owedAgain } }];
}

export function cancelRegistration(
  state: RegistrationState,
  command: CancelRegistrationCommand,
): Decision<RegistrationEvent> {
  const refusal = existing(state);
  if (refusal) return refusal;
  const t = publicCancelTransition(state.status!);
  if (!t.ok) return domainError('ALREADY_CANCELLED', t.message);
  return [
    {
      type: 'RegistrationCancelled',
      data: {
        from: state.status!,
        source: 'public',
        at: command.at,
        ...(command.needsRefundReview ? { needsRefundReview: true as const } : {}),
      },
    },
  ];
}
