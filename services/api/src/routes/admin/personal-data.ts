import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ErrorResponseSchema, IdParams, ROLES } from '@hs/contracts';
import type { ParticipantSnapshot } from '@hs/domain';
import { readOrder } from '@hs/read-models';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../audit';
import { changeRegistration } from '../../booking/change';
import { ignoreEmptyBody } from '../../no-body';

/**
 * The only ways staff get a clear identification number (issue 24, PDPA): Reveal in the order dialog
 * and an access request's download, both admin only. Each records an event on the order's stream
 * naming the staff member (the order's timeline) and an audit_log row, before anything is answered:
 * a look that could not be recorded shows nothing.
 */

const RevealedSchema = Type.Object({
  identificationNumbers: Type.Array(
    Type.Object({
      participantId: Type.String(),
      name: Type.String(),
      isPrimary: Type.Boolean(),
      identificationNumber: Type.String(),
      aiaMemberId: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});

/** The audit row of one look; never the personal data itself. */
async function auditLook(
  request: FastifyRequest,
  registrationId: number,
  purpose: 'reveal-identification' | 'access-request',
) {
  await audit(request.server.sql, {
    actor: request.actor,
    action: 'create',
    entity: 'personal_data_access',
    entityId: registrationId,
    after: { purpose, registrationId },
  });
}

const personName = (p: ParticipantSnapshot) => `${p.firstName} ${p.lastName}`.trim();

const personalData: FastifyPluginAsyncTypebox = async (app) => {
  const { sql } = app;

  app.post(
    '/registrations/:id/reveal-identification',
    {
      config: { roles: ROLES.admin },
      // no payload: a client sending the JSON content type with an empty body is answered, not refused
      onRequest: ignoreEmptyBody,
      schema: {
        summary:
          "Reveal an order's identification numbers (admin; recorded as IdentificationRevealed and audited)",
        params: IdParams,
        response: { 200: Envelope(RevealedSchema), 404: ErrorResponseSchema },
      },
    },
    async (request) => {
      const at = new Date().toISOString();
      // The numbers come from the stream the event was appended to, not from a read model that may lag.
      const { state } = await changeRegistration(
        sql,
        request.params.id,
        { type: 'RevealIdentification', by: request.staff.username, at },
        { actor: request.actor, requestId: request.id },
      );
      await auditLook(request, request.params.id, 'reveal-identification');
      return {
        success: true as const,
        data: {
          identificationNumbers: state.participants.map((p) => ({
            participantId: p.participantId,
            name: personName(p),
            isPrimary: p.isPrimary,
            identificationNumber: p.identificationNumber,
            aiaMemberId: p.aiaMemberId,
          })),
        },
      };
    },
  );

  app.get(
    '/registrations/:id/personal-data',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary:
          'Access request: everything held about the people on an order, as JSON (admin; recorded as PersonalDataExported and audited)',
        params: IdParams,
        response: { 200: Envelope(Type.Unknown()), 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const at = new Date().toISOString();
      const { state } = await changeRegistration(
        sql,
        request.params.id,
        { type: 'ExportPersonalData', by: request.staff.username, at },
        { actor: request.actor, requestId: request.id },
      );
      await auditLook(request, request.params.id, 'access-request');
      const order = await readOrder(sql, { id: request.params.id });
      // The order's event log as held: every payload that carries personal data (bookings, changes,
      // emails sent to an address), with who did it and when.
      const history = await sql<{ version: number; type: string; actor: string; at: Date; data: unknown }[]>`
        select version, type, actor, at, data from order_history
        where registration_id = ${request.params.id} order by version`;
      const reference = state.referenceNumber ?? order?.referenceNumber ?? String(request.params.id);
      reply.header('content-disposition', `attachment; filename="personal-data-${reference}.json"`);
      return {
        success: true as const,
        data: {
          generatedAt: at,
          generatedBy: request.staff.username,
          order: {
            id: request.params.id,
            referenceNumber: reference,
            status: state.status,
            eventName: order?.eventName ?? null,
            appointmentDate: order?.timeslotDate ?? null,
            appointmentTime: order?.timeslotTime ?? null,
          },
          contact: order
            ? {
                firstName: order.firstName,
                lastName: order.lastName,
                email: order.email,
                mobileNumber: order.mobileNumber,
                gender: order.gender,
                identificationNumber: order.identificationNumber,
                dateOfBirth: order.dateOfBirth,
                postalCode: order.postalCode,
                unitNumber: order.unitNumber,
                address: order.address,
                region: order.region,
                medicalConditions: order.medicalConditions,
                isAiaMember: order.isAiaMember,
              }
            : null,
          participants: state.participants,
          checkIns: state.checkIns,
          events: history.map((h) => ({ ...h, at: h.at.toISOString() })),
        },
      };
    },
  );
};

export default personalData;
