import { useTranslation } from '../i18n';
import { css } from 'styled-system/css';
import { Checkbox } from '../components/ui/checkbox';

export interface MemberCheckBoxProps {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** `booker`: "I am a member"; `participant`: someone else on the booking. */
  who: 'booker' | 'participant';
}

/**
 * The AIA Health Shield member check, asked for (issue 46): insurance status is sensitive, so nobody
 * is checked unless this box is ticked, and the line under it says what is sent.
 */
export function MemberCheckBox({ id, checked, onChange, who }: MemberCheckBoxProps) {
  const { t } = useTranslation();
  return (
    <div className={css({ gridColumn: '1 / -1', display: 'grid', gap: '1.5' })}>
      <Checkbox id={id} checked={checked} onCheckedChange={(e) => onChange(e.checked === true)}>
        {who === 'booker' ? t('person.aiaMember') : t('person.aiaMemberOther')}
      </Checkbox>
      <p className={css({ fontSize: 'sm', color: 'fg.muted', pl: '7' })}>{t('person.aiaCheckNote')}</p>
    </div>
  );
}
