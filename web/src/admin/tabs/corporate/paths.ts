/** The Companies tab's admin api (issue 51). */
export const CORPORATE_PATHS = {
  companies: '/api/admin/companies',
  programmes: '/api/admin/programmes',
  roster: (id: number) => `/api/admin/programmes/${id}/roster`,
  rosterPreview: (id: number) => `/api/admin/programmes/${id}/roster/preview`,
  bookings: (id: number) => `/api/admin/programmes/${id}/bookings`,
  report: (id: number) => `/api/admin/programmes/${id}/report`,
  reportCsv: (id: number) => `/api/admin/programmes/${id}/report.csv`,
  reportLink: (id: number) => `/api/admin/programmes/${id}/report-link`,
  close: (id: number) => `/api/admin/programmes/${id}/close`,
  invoices: (id: number) => `/api/admin/programmes/${id}/invoices`,
} as const;

export const PAYMENT_RULE_LABELS = {
  company_pays_all: 'Company pays everything',
  company_pays_up_to: 'Company pays up to an amount',
  employee_pays_corporate_price: 'Employee pays a corporate price',
} as const;
