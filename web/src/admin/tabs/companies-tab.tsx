import type { Company, Programme } from '@hs/contracts';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { api } from '../../lib/api';
import { ActionsMenu, cellStyle, EntityTab, statusColumn } from '../entity-tab';
import { failureMessage, toastError, toastSuccess, useAdminList, useRefresh } from '../lib/admin-api';
import { COMPANY, CompanyDialog, companyBody } from './corporate/company-dialog';
import { CORPORATE_PATHS } from './corporate/paths';
import { ProgrammeDetails } from './corporate/programme-details';
import { ProgrammesPanel } from './corporate/programmes-panel';

/**
 * The Companies tab (issue 51, admin and finance): the companies that pay for their staff's
 * screenings; per company its programmes; per programme its roster, bookings and HR report.
 */
export function CompaniesTab() {
  const [open, setOpen] = useState<{ company: Company; programmeId?: number } | null>(null);
  const { items: companies } = useAdminList<Company>(CORPORATE_PATHS.companies);
  const { items: programmes } = useAdminList<Programme>(open ? CORPORATE_PATHS.programmes : '');
  const refresh = useRefresh(CORPORATE_PATHS.companies);

  async function setActive(company: Company, isActive: boolean) {
    try {
      await api.put(`${CORPORATE_PATHS.companies}/${company.id}`, companyBody({ ...company, isActive }));
      toastSuccess(isActive ? 'Company activated' : 'Company deactivated');
      await refresh();
    } catch (e) {
      toastError(`Failed to update company: ${failureMessage(e)}`);
    }
  }

  if (open) {
    // the latest of each, once the lists have it
    const company = companies?.find((c) => c.id === open.company.id) ?? open.company;
    const programme = programmes?.find((p) => p.id === open.programmeId);
    if (programme) {
      return <ProgrammeDetails company={company} programme={programme} onBack={() => setOpen({ company })} />;
    }
    return (
      <ProgrammesPanel
        company={company}
        onBack={() => setOpen(null)}
        onOpen={(p) => setOpen({ company, programmeId: p.id })}
      />
    );
  }

  return (
    <EntityTab
      entity={COMPANY}
      heading={{
        id: 'companies-heading',
        title: 'Companies',
        description:
          "Companies that pay for their staff's screenings, with their programmes, rosters and reports.",
      }}
      empty="No companies found. Add one to get started."
      caption="Companies"
      sort={(a, b) => a.name.localeCompare(b.name)}
      columns={[
        { header: 'Name', cell: (c) => c.name, className: cellStyle.name },
        { header: 'UEN', cell: (c) => c.uen, className: cellStyle.nowrap },
        {
          header: 'Billing email',
          cell: (c) => c.billingEmail,
          className: css({ color: 'fg.muted', wordBreak: 'break-all' }),
        },
        { header: 'Programmes', cell: (c) => c.programmeCount },
        statusColumn(),
      ]}
      actions={(company, commands) => (
        <ActionsMenu
          name={company.name}
          items={[
            { value: 'programmes', label: 'Programmes' },
            { value: 'edit', label: 'Edit' },
            company.isActive
              ? { value: 'deactivate', label: 'Deactivate' }
              : { value: 'activate', label: 'Activate' },
            { value: 'delete', label: 'Delete', danger: true },
          ]}
          onSelect={(action) => {
            if (action === 'programmes') setOpen({ company });
            else if (action === 'edit') commands.edit();
            else if (action === 'deactivate') void setActive(company, false);
            else if (action === 'activate') void setActive(company, true);
            else if (action === 'delete') commands.remove();
          }}
        />
      )}
      dialog={({ item, ...slot }) => <CompanyDialog company={item} {...slot} />}
    />
  );
}
