import { useTranslation, translateMessage as tm } from '../../i18n';
import { css } from 'styled-system/css';
import { Notice } from '../../components/notice';
import { Button } from '../../components/ui/button';
import { selectStyle } from '../select-style';
import { type NameSplit, nameSplits } from './name-split';
import { SingpassButton } from './singpass-button';
import type { MyinfoFlow, MyinfoNotice } from './use-myinfo';

export interface MyinfoPanelProps {
  flow: MyinfoFlow;
  /** Ids of the panel's controls start with it (the form's own prefix). */
  idPrefix: string;
  /** The name as the form has it now, to show the split chosen. */
  name: NameSplit;
  onNameSplit: (split: NameSplit) => void;
}

const full = css({ gridColumn: '1 / -1', display: 'grid', gap: '3', minW: '0' });

function NoticeText({ notice }: { notice: MyinfoNotice }) {
  const { t } = useTranslation();
  return <p>{'kind' in notice ? t(`myinfo.error.${notice.kind}`) : tm(notice.message)}</p>;
}

/**
 * Above a person form (issue 49): what went wrong coming back from Singpass, the button, or, once the
 * fields are Myinfo's, the details shown as information, the name's split and "Clear and enter manually".
 * Manual entry below is never blocked.
 */
export function MyinfoPanel({ flow, idPrefix, name, onNameSplit }: MyinfoPanelProps) {
  const { t } = useTranslation();
  const { person } = flow;
  if (!flow.enabled && !person && !flow.notice && !flow.loading) return null;
  return (
    <div className={full} data-testid="myinfo-panel">
      {flow.notice ? (
        <Notice tone="danger" size="sm">
          <NoticeText notice={flow.notice} />
        </Notice>
      ) : null}
      {flow.loading ? (
        <p role="status" className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {t('myinfo.loading')}
        </p>
      ) : null}
      {!person && !flow.loading && flow.enabled ? (
        <div className={css({ display: 'grid', gap: '1.5', justifyItems: 'start' })}>
          <SingpassButton onClick={flow.start} />
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('myinfo.intro')}</p>
        </div>
      ) : null}
      {person ? <Retrieved flow={flow} idPrefix={idPrefix} name={name} onNameSplit={onNameSplit} /> : null}
    </div>
  );
}

function Retrieved({ flow, idPrefix, name, onNameSplit }: MyinfoPanelProps) {
  const { t } = useTranslation();
  const person = flow.person!;
  const splits = nameSplits(person.fullName, person);
  const chosen = splits.findIndex((s) => s.firstName === name.firstName && s.lastName === name.lastName);
  const info: [string, string | null][] = [
    [t('myinfo.fullName'), person.fullName],
    [t('myinfo.nationality'), person.nationality],
    [t('myinfo.residentialStatus'), person.residentialStatus],
  ];
  return (
    <Notice tone="info" size="sm" ariaRole={null}>
      <div className={css({ display: 'grid', gap: '3', flex: '1', minW: '0' })}>
        <div>
          <p className={css({ fontWeight: 'semibold' })}>{t('myinfo.retrievedTitle')}</p>
          <p>{t('myinfo.retrievedText')}</p>
        </div>
        <dl className={css({ display: 'grid', gap: '1', gridTemplateColumns: 'auto 1fr', columnGap: '3' })}>
          {info
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label} className={css({ display: 'contents' })}>
                <dt className={css({ fontWeight: 'medium' })}>{label}</dt>
                <dd className={css({ overflowWrap: 'anywhere' })}>{value}</dd>
              </div>
            ))}
        </dl>
        {splits.length > 1 ? (
          <div className={css({ display: 'grid', gap: '1.5' })}>
            <label htmlFor={`${idPrefix}myinfoNameSplit`} className={css({ fontWeight: 'medium' })}>
              {t('myinfo.nameSplit')}
            </label>
            <select
              id={`${idPrefix}myinfoNameSplit`}
              className={selectStyle}
              value={chosen < 0 ? '' : String(chosen)}
              onChange={(e) => {
                const split = splits[Number(e.target.value)];
                if (split) onNameSplit(split);
              }}
            >
              {chosen < 0 ? <option value="">{`${name.firstName} ${name.lastName}`}</option> : null}
              {splits.map((s, i) => (
                <option key={`${s.firstName}|${s.lastName}`} value={String(i)}>
                  {t('myinfo.splitOption', { first: s.firstName, last: s.lastName })}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div>
          <Button type="button" variant="outline" size="sm" onClick={flow.clear}>
            {t('myinfo.clear')}
          </Button>
        </div>
      </div>
    </Notice>
  );
}
