import type { ReactNode } from 'react';
import { useTranslation } from '../i18n';
import * as Card from '../components/ui/card';
import { BackFooter } from './back-footer';

export interface AppointmentDetailsCardProps {
  /** The booking's details (a `<dl>`) and any notice under them. */
  children: ReactNode;
  /** "Back": to the reference search. */
  onBack: () => void;
  /** The footer's buttons beside Back. */
  actions: ReactNode;
}

/** The booking found by its reference on the manage and cancel pages: "Appointment details", Back, actions. */
export function AppointmentDetailsCard({ children, onBack, actions }: AppointmentDetailsCardProps) {
  const { t } = useTranslation();
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title asChild>
          <h2>{t('manage.details')}</h2>
        </Card.Title>
      </Card.Header>
      <Card.Body gap="5">{children}</Card.Body>
      <BackFooter back={onBack} label={t('manage.back')}>
        {actions}
      </BackFooter>
    </Card.Root>
  );
}
