import { useTranslation } from 'react-i18next';
import { PencilIcon, TrashIcon } from '../components/icons';
import { IconButton } from '../components/ui/button';

export interface ParticipantButtonProps {
  /** The participant's full name, for the button's label. */
  name: string;
  onClick: () => void;
  disabled?: boolean | undefined;
}

/** The pencil button that opens a participant's edit form ("Edit {name}"). */
export function EditParticipantButton({ name, onClick, disabled }: ParticipantButtonProps) {
  const { t } = useTranslation();
  return (
    <IconButton
      size="sm"
      variant="ghost"
      aria-label={t('review.edit', { name })}
      disabled={disabled}
      onClick={onClick}
    >
      <PencilIcon />
    </IconButton>
  );
}

/** The bin button that removes a participant ("Remove {name}"). */
export function RemoveParticipantButton({ name, onClick, disabled }: ParticipantButtonProps) {
  const { t } = useTranslation();
  return (
    <IconButton
      size="sm"
      variant="ghost"
      aria-label={t('review.remove', { name })}
      disabled={disabled}
      onClick={onClick}
    >
      <TrashIcon />
    </IconButton>
  );
}
