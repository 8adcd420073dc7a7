import type { ReactNode } from 'react';
import { useTranslation } from '../i18n';
import { PencilIcon, TrashIcon } from '../components/icons';
import { IconButton } from '../components/ui/button';

export interface ParticipantButtonProps {
  /** The participant's full name, for the button's label. */
  name: string;
  onClick: () => void;
  disabled?: boolean | undefined;
}

function ParticipantIconButton({
  label,
  icon,
  onClick,
  disabled,
}: Omit<ParticipantButtonProps, 'name'> & { label: string; icon: ReactNode }) {
  return (
    <IconButton size="sm" variant="ghost" aria-label={label} disabled={disabled} onClick={onClick}>
      {icon}
    </IconButton>
  );
}

/** The pencil button that opens a participant's edit form ("Edit {name}"). */
export function EditParticipantButton({ name, ...props }: ParticipantButtonProps) {
  const { t } = useTranslation();
  return <ParticipantIconButton label={t('review.edit', { name })} icon={<PencilIcon />} {...props} />;
}

/** The bin button that removes a participant ("Remove {name}"). */
export function RemoveParticipantButton({ name, ...props }: ParticipantButtonProps) {
  const { t } = useTranslation();
  return <ParticipantIconButton label={t('review.remove', { name })} icon={<TrashIcon />} {...props} />;
}
