import { useTranslation } from '../i18n';
import { css } from 'styled-system/css';
import { Badge } from '../components/ui/badge';

/** A booked participant's row in a list: who on the left, badges and actions on the right. */
export const participantItem = css({
  display: 'flex',
  justifyContent: 'space-between',
  gap: '2',
  flexWrap: 'wrap',
  p: '3',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l2',
});

/** The left of a `participantItem`: a long name or email breaks instead of pushing the row wide. */
export const participantWho = css({ minW: '0', wordBreak: 'break-word' });

/** "Primary Contact" and "AIA Member" where they apply. */
export function ParticipantBadges({ isPrimary, isAiaMember }: { isPrimary: boolean; isAiaMember: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {isPrimary ? <Badge tone="info">{t('parts.primaryContact')}</Badge> : null}
      {isAiaMember ? <Badge tone="success">{t('parts.aiaMember')}</Badge> : null}
    </>
  );
}
