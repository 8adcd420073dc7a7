import { useTranslation } from '../../i18n';
import { Badge } from '../../components/ui/badge';
import type { MyinfoMarks } from './prefill';

/** The mark beside a field Myinfo filled. */
export function FromMyinfo() {
  const { t } = useTranslation();
  return <Badge tone="info">{t('myinfo.from')}</Badge>;
}

/** A field's props while it may be Myinfo's: read-only if locked, marked if filled. */
export function myinfoFieldProps(marks: MyinfoMarks | undefined, name: string) {
  if (!marks?.filled.has(name)) return {};
  return {
    readOnly: marks.locked.has(name) || undefined,
    helperText: <FromMyinfo />,
  };
}
