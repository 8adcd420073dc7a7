import type { ManageProof } from '@hs/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n';
import { css } from 'styled-system/css';
import { Spinner } from '../../components/ui/spinner';
import type { RegistrationLookup } from '../../public/types';
import { manageReadFailure, readForManage } from './manage-api';

export type ManageLinkState =
  | { state: 'none' }
  | { state: 'opening' }
  | { state: 'opened'; registration: RegistrationLookup; proof: ManageProof }
  | { state: 'refused'; message: string };

/**
 * The booking an email's signed manage link names (`?ref=…&token=…`), read once on arrival. Without a
 * token: 'none'. A link the api refuses (forged, expired, unknown): 'refused' with the words to show
 * above the reference-and-second-check form.
 */
export function useManageLink(reference: string, token: string | null): ManageLinkState {
  const [link, setLink] = useState<ManageLinkState>(
    reference && token ? { state: 'opening' } : { state: 'none' },
  );
  useEffect(() => {
    if (!reference || !token) return;
    let live = true;
    const proof = { token };
    readForManage(reference, proof).then(
      (res) => live && setLink({ state: 'opened', registration: res.data, proof }),
      (error) => live && setLink({ state: 'refused', message: manageReadFailure(error) }),
    );
    return () => {
      live = false;
    };
  }, [reference, token]);
  return link;
}

/** While the link's booking is read: said, for screen readers too. */
export function OpeningLink() {
  const { t } = useTranslation();
  return (
    <p
      role="status"
      className={css({ display: 'flex', alignItems: 'center', gap: '3', color: 'fg.muted', py: '6' })}
    >
      <Spinner size="sm" />
      {t('manage.opening')}
    </p>
  );
}
