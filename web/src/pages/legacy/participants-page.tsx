import { MAX_PARTICIPANTS, PARTICIPANTS_PAGE_MESSAGES } from '@hs/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Trans, useTranslation, i18n, translateMessage as tm, useLanguage } from '../../i18n';
import useSWR from 'swr';
import { useLocation, useParams, useSearch } from 'wouter';
import { css } from 'styled-system/css';
import { Page } from '../../components/layout/page';
import { PlusIcon } from '../../components/icons';
import { Badge } from '../../components/ui/badge';
import { Button, IconButton } from '../../components/ui/button';
import * as Card from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import * as Table from '../../components/ui/table';
import { toaster } from '../../components/ui/toaster';
import type { ApiEnvelope } from '../../lib/api';
import { eventKey } from '../../lib/swr-keys';
import { ArrowLeftIcon, ArrowRightIcon, StarIcon } from '../../components/icons';
import { positiveInt, storeParticipants } from '../../public/legacy-storage';
import { money } from '../../public/money';
import type { EventDetail } from '../../public/types';
import {
  type PageParticipant,
  packagesPath,
  readStoredParticipants,
  registrationPath,
  useLeaveWhenMissing,
} from '../participants-booking';
import { spreadRow } from '../../public/spread-row';
import { EditParticipantButton, RemoveParticipantButton } from '../../public/participant-buttons';
import { useMyinfo } from '../../public/myinfo';
import { type FormValues, ParticipantForm } from './participant-form';

function newId() {
  return `p-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** What the page keeps while the person is at Singpass (issue 49): the list and the open form. */
interface PageSaved {
  participants: PageParticipant[];
  editingId: string | null;
  values: FormValues | null;
}

/** `/booking/{eventSlug}/participants?eventId=&packageId=`: the participants page. */
export default function ParticipantsPage() {
  const { t } = useTranslation();
  const { eventSlug = '' } = useParams<{ eventSlug: string }>();
  const search = useSearch();
  const [, navigate] = useLocation();
  const q = new URLSearchParams(search);
  const eventId = positiveInt(q.get('eventId'));
  const packageId = positiveInt(q.get('packageId'));
  const missing = !eventId || !packageId || !eventSlug;
  const warned = useRef(false);
  const language = useLanguage();

  const { data, error, isLoading } = useSWR<ApiEnvelope<EventDetail>>(
    missing ? null : eventKey(eventSlug, language),
  );
  const pkg = data?.data.packages.find((p) => p.id === packageId);
  const invalid = missing || (data && (data.data.id !== eventId || !pkg));

  const [participants, setParticipants] = useState<PageParticipant[]>(readStoredParticipants);
  const [dialog, setDialog] = useState<{ open: boolean; editing: PageParticipant | null }>({
    open: false,
    editing: null,
  });

  // Issue 49: back from Singpass, the list and the open form as they were, Myinfo's values over it
  const formValues = useRef<FormValues | null>(null);
  const [restored, setRestored] = useState<FormValues | null>(null);
  const myinfo = useMyinfo<PageSaved>({
    form: `participants:${eventId}:${packageId}`,
    snapshot: () => ({
      participants,
      editingId: dialog.editing?.id ?? null,
      values: formValues.current,
    }),
    restore: (saved) => {
      setParticipants(saved.participants);
      setRestored(saved.values);
      const editing = saved.participants.find((p) => p.id === saved.editingId) ?? null;
      setDialog({ open: true, editing });
    },
    // the form applies and clears Myinfo's values itself (they are its state)
    apply: () => {},
    unapply: () => {},
  });

  useLeaveWhenMissing(Boolean(invalid));
  useEffect(() => {
    if (!error || warned.current) return;
    warned.current = true;
    toaster.create({ title: i18n.t('common.error'), description: i18n.t('pp.fetchFailed'), type: 'error' });
  }, [error]);

  const primary = participants.find((p) => p.isPrimary) ?? null;
  const others = participants.filter((p) => !p.isPrimary);
  const full = participants.length >= MAX_PARTICIPANTS;

  const save = (values: Omit<PageParticipant, 'id' | 'packageId'>) => {
    const editing = dialog.editing;
    const becamePrimary =
      editing !== null && values.isPrimary && !participants.find((p) => p.id === editing.id)?.isPrimary;
    setParticipants((list) =>
      editing
        ? list.map((p) =>
            p.id === editing.id ? { ...p, ...values } : values.isPrimary ? { ...p, isPrimary: false } : p,
          )
        : [
            ...list,
            {
              ...values,
              id: newId(),
              packageId: packageId ?? 0,
              isPrimary: list.length === 0 || values.isPrimary,
            },
          ],
    );
    if (becamePrimary) {
      toaster.create({
        title: t('pp.primaryChanged'),
        description: t('pp.nowPrimary', { name: `${values.firstName} ${values.lastName}` }),
        type: 'success',
      });
    } else {
      toaster.create({
        title: editing ? t('review.participantUpdated') : t('review.participantAdded'),
        type: 'success',
      });
    }
    setDialog({ open: false, editing: null });
    setRestored(null);
    myinfo.clear();
  };
  const remove = (p: PageParticipant) => {
    if (p.isPrimary && participants.length > 1) {
      toaster.create({
        title: tm(PARTICIPANTS_PAGE_MESSAGES.cannotRemovePrimaryTitle),
        description: tm(PARTICIPANTS_PAGE_MESSAGES.cannotRemovePrimary),
        type: 'error',
      });
      return;
    }
    setParticipants((list) => list.filter((x) => x.id !== p.id));
    toaster.create({ title: t('review.participantRemoved'), type: 'success' });
  };
  const makePrimary = (p: PageParticipant) => {
    // The primary contact needs an email (spec section 5): ask for it in the edit form first.
    if (!p.email) {
      setDialog({ open: true, editing: { ...p, isPrimary: true } });
      toaster.create({
        title: t('pp.emailRequired'),
        description: t('pp.emailForPrimary', { name: `${p.firstName} ${p.lastName}` }),
        type: 'info',
      });
      return;
    }
    setParticipants((list) => list.map((x) => ({ ...x, isPrimary: x.id === p.id })));
    toaster.create({
      title: t('pp.primaryChanged'),
      description: t('pp.nowPrimary', { name: `${p.firstName} ${p.lastName}` }),
      type: 'success',
    });
  };

  const primaryForm = dialog.editing ? dialog.editing.isPrimary : !primary;
  const heading = t('pp.title');
  const title = useMemo(() => (pkg ? `${pkg.name} | ${heading}` : heading), [pkg, heading]);

  if (invalid || !eventId || !packageId) return null;
  return (
    <Page>
      <title>{`${title} | Health Screening`}</title>
      <div className={css({ maxW: '4xl', mx: 'auto', display: 'grid', gap: '5' })}>
        <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' })}>{heading}</h1>
        <Card.Root>
          <Card.Body pt="5" gap="2">
            {isLoading || !pkg ? (
              <div aria-busy="true" className={css({ display: 'grid', gap: '2' })}>
                <span className={css({ srOnly: true })}>{t('pp.loadingPackage')}</span>
                <Skeleton h="6" w="50%" />
                <Skeleton shape="line" />
              </div>
            ) : (
              <>
                <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>{pkg.name}</h2>
                {pkg.description ? (
                  <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{pkg.description}</p>
                ) : null}
                <p className={css({ fontSize: 'sm', display: 'flex', gap: '4', flexWrap: 'wrap' })}>
                  <span>
                    <Trans
                      i18nKey="pp.basePrice"
                      values={{ amount: money(pkg.price) }}
                      components={{ strong: <strong /> }}
                    />
                  </span>
                  {pkg.aiaPrice ? (
                    <span>
                      <Trans
                        i18nKey="pp.aiaPrice"
                        values={{ amount: money(pkg.aiaPrice) }}
                        components={{ strong: <strong /> }}
                      />
                    </span>
                  ) : null}
                </p>
              </>
            )}
          </Card.Body>
        </Card.Root>

        <Card.Root>
          <Card.Header>
            <div className={spreadRow}>
              <Card.Title>
                {t('review.participants', { total: participants.length, limit: MAX_PARTICIPANTS })}
              </Card.Title>
              <Button
                size="sm"
                variant="outline"
                disabled={full}
                onClick={() => setDialog({ open: true, editing: null })}
              >
                <PlusIcon />
                {primary ? t('review.addParticipant') : t('pp.addPrimary')}
              </Button>
            </div>
          </Card.Header>
          <Card.Body gap="5">
            <section aria-labelledby="pp-primary">
              <h3 id="pp-primary" className={css({ fontWeight: 'semibold', mb: '2' })}>
                {t('pp.primaryContact')}
              </h3>
              {primary ? (
                <div
                  className={css({
                    display: 'flex',
                    justifyContent: 'space-between',
                    gap: '3',
                    flexWrap: 'wrap',
                    p: '3',
                    borderWidth: '1px',
                    borderColor: 'border.default',
                    borderRadius: 'l2',
                    fontSize: 'sm',
                  })}
                >
                  <div>
                    <p className={css({ fontWeight: 'medium' })}>
                      {primary.firstName} {primary.lastName}
                    </p>
                    <p className={css({ color: 'fg.muted' })}>
                      {primary.email} · {primary.mobileNumber} · {primary.identificationNumber}
                    </p>
                  </div>
                  <div className={css({ display: 'flex', gap: '1', alignItems: 'center' })}>
                    {primary.isAiaMember ? <Badge tone="success">{t('parts.aiaMember')}</Badge> : null}
                    <EditParticipantButton
                      name={`${primary.firstName} ${primary.lastName}`}
                      onClick={() => setDialog({ open: true, editing: primary })}
                    />
                    <RemoveParticipantButton
                      name={`${primary.firstName} ${primary.lastName}`}
                      onClick={() => remove(primary)}
                    />
                  </div>
                </div>
              ) : (
                <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('pp.addPrimaryHint')}</p>
              )}
            </section>
            <section aria-labelledby="pp-others">
              <h3 id="pp-others" className={css({ fontWeight: 'semibold', mb: '2' })}>
                {t('pp.additional')}
              </h3>
              {others.length === 0 ? (
                <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('pp.noAdditional')}</p>
              ) : (
                <Table.Root caption={t('pp.additionalCaption')}>
                  <Table.Head>
                    <Table.Row>
                      <Table.Header>{t('pp.name')}</Table.Header>
                      <Table.Header>{t('pp.idNumber')}</Table.Header>
                      <Table.Header>{t('pp.aiaMember')}</Table.Header>
                      <Table.Header>{t('pp.actions')}</Table.Header>
                    </Table.Row>
                  </Table.Head>
                  <Table.Body>
                    {others.map((p) => (
                      <Table.Row key={p.id}>
                        <Table.Cell>
                          {p.firstName} {p.lastName}
                        </Table.Cell>
                        <Table.Cell>{p.identificationNumber}</Table.Cell>
                        <Table.Cell>{p.isAiaMember ? t('pp.yes') : t('pp.no')}</Table.Cell>
                        <Table.Cell>
                          <div className={css({ display: 'flex', gap: '1' })}>
                            <IconButton
                              size="sm"
                              variant="ghost"
                              aria-label={t('pp.makePrimary', { name: `${p.firstName} ${p.lastName}` })}
                              onClick={() => makePrimary(p)}
                            >
                              <StarIcon />
                            </IconButton>
                            <EditParticipantButton
                              name={`${p.firstName} ${p.lastName}`}
                              onClick={() => setDialog({ open: true, editing: p })}
                            />
                            <RemoveParticipantButton
                              name={`${p.firstName} ${p.lastName}`}
                              onClick={() => remove(p)}
                            />
                          </div>
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              )}
            </section>
          </Card.Body>
          <Card.Footer justifyContent="space-between" gap="3" flexWrap="wrap">
            <Button variant="outline" onClick={() => navigate(packagesPath(eventId))}>
              <ArrowLeftIcon />
              {t('pp.backToPackages')}
            </Button>
            <Button
              disabled={participants.length === 0}
              onClick={() => {
                storeParticipants(participants);
                navigate(registrationPath(eventId, packageId));
              }}
            >
              {t('pp.continue')}
              <ArrowRightIcon />
            </Button>
          </Card.Footer>
        </Card.Root>
      </div>
      <ParticipantForm
        open={dialog.open}
        editing={dialog.editing}
        primary={primaryForm}
        restored={restored}
        valuesRef={formValues}
        myinfo={myinfo}
        onOpenChange={(open) => {
          setDialog((d) => ({ ...d, open }));
          if (!open) {
            // a form closed unsaved takes its Myinfo values with it
            setRestored(null);
            myinfo.clear();
          }
        }}
        onSave={save}
      />
    </Page>
  );
}
