import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ErasedOrderSchema, ErrorResponseSchema, IdParams } from '@hs/contracts';
import { erasePersonalData } from '@hs/commands';
import {
  type ParticipantSnapshot,
  type RegistrationState,
  registrationDecider,
  registrationStream,
} from '@hs/domain';
import { decideOn, handle } from '@hs/eventstore';
import { readOrder, readOrderTimeline } from '@hs/read-models';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../audit';
import { ignoreEmptyBody } from '../../no-body';

/**
 * The only ways staff get a clear identification number (issue 24, PDPA): Reveal in the order dialog
 * and an access request's download, both admin only. Each records an event on the order's stream
 * naming the staff member (the order's timeline) and an audit_log row, in one transaction and before
 * anything is answered: a look that could not be recorded shows nothing.
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

/**
 * Records one look: the event on the order's stream and the audit row (never the personal data
 * itself) in the same transaction. Answers the order as its stream has it, not a read model that may
 * lag; a missing order is refused (404).
 */
async function recordLook(
  request: FastifyRequest,
  registrationId: number,
  purpose: 'reveal-identification' | 'access-request',
): Promise<RegistrationState> {
  const stream = registrationStream(registrationId);
  const at = new Date().toISOString();
  const by = request.staff.username;
  const { result } = await handle(
    request.server.sql,
    [stream.id],
    (read) => {
      const looked = decideOn(
        stream,
        read[stream.id],
        registrationDecider,
        purpose === 'reveal-identification'
          ? { type: 'RevealIdentification', by, at }
          : { type: 'ExportPersonalData', by, at },
      );
      return {
        append: [looked.append],
        result: looked.after,
        alsoWrite: (tx) =>
          audit(tx, {
            actor: request.actor,
            action: 'create',
            entity: 'personal_data_access',
            entityId: registrationId,
            after: { purpose, registrationId },
          }),
      };
    },
    { metadata: { actor: request.actor, requestId: request.id } },
  );
  return result!;
}

const personName = (p: ParticipantSnapshot) => `${p.firstName} ${p.lastName}`.trim();

const personalData: FastifyPluginAsyncTypebox = async (app) => {
  const { sql } = app;

  app.post(
    '/registrations/:id/reveal-identification',
    {
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
      const state = await recordLook(request, request.params.id, 'reveal-identification');
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

  app.post(
    '/registrations/:id/erase-personal-data',
    {
      onRequest: ignoreEmptyBody,
      schema: {
        summary:
          'Erase the personal data of everyone on an order (admin; destroys their data keys, scrubs the read models, audited; idempotent)',
        params: IdParams,
        response: { 200: Envelope(ErasedOrderSchema), 404: ErrorResponseSchema },
      },
    },
    async (request) => {
      const { state } = await erasePersonalData(
        sql,
        request.params.id,
        { actor: request.actor, username: request.staff.username, requestId: request.id },
        'request',
      );
      return {
        success: true as const,
        data: {
          registrationId: request.params.id,
          referenceNumber: state.referenceNumber!,
          erasedAt: state.personalDataErasedAt!,
        },
      };
    },
  );

  app.get(
    '/registrations/:id/personal-data',
    {
      schema: {
        summary:
          'Access request: everything held about the people on an order, as JSON (admin; recorded as PersonalDataExported and audited)',
        params: IdParams,
        response: { 200: Envelope(Type.Unknown()), 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const state = await recordLook(request, request.params.id, 'access-request');
      const at = new Date().toISOString();
      const order = await readOrder(sql, { id: request.params.id });
      // The order's event log as held: every payload that carries personal data (bookings, changes,
      // emails sent to an address), with who did it and when.
      const history = (await readOrderTimeline(sql, request.params.id)).map(
        ({ version, type, actor, at, data }) => ({ version, type, actor, at, data }),
      );
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
            // erased: nothing below names anyone any more (issue 24)
            personalDataErasedAt: state.personalDataErasedAt,
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
