import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { readCompanySettings } from '@hs/commands';
import { CompanyContactResponseSchema } from '@hs/contracts';

/**
 * The clinic's contact details (issue 46): the public site's footer shows them, as every email does.
 * Read from the company settings staff edit (Payments tab, Company and Invoices); only the name,
 * address, phone and email are public.
 */
const companyContact: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/company-contact',
    {
      schema: {
        tags: ['public'],
        summary: "The clinic's name, address, contact phone and email, as the site's footer shows them",
        response: { 200: CompanyContactResponseSchema },
      },
    },
    async () => {
      const s = await readCompanySettings(app.sql);
      return {
        success: true as const,
        data: { name: s.companyName, address: s.address, phone: s.contactPhone, email: s.contactEmail },
      };
    },
  );
};

export default companyContact;
