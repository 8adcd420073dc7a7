import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ErrorResponseSchema, ParticipantChangeSchema } from '@hs/contracts';
import {
  type ParticipantChanges,
  type ParticipantSnapshot,
  normalizeReferenceNumber,
  participantSchema,
  toMoneyString,
} from '@hs/domain';
import { findFirstEvent, formatPosition } from '@hs/eventstore';
import { Type } from '@sinclair/typebox';
import * as v from 'valibot';
import { changeRegistration, existingRegistration } from '../../booking/change';
import { buildParticipant } from '../../booking/order';
import { participantView } from '../../booking/participant-view';
import { notFound } from '../../errors';
import { parseInput } from '../../validation';
import { forgetHandles } from '../../myinfo/store';

const Loose = Type.Object({}, { additionalProperties: true });
const ParticipantParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
const Answer = Envelope(ParticipantChangeSchema);
// 429: a membership opted into (isAiaMember) is checked under the member-check rate limits.
const Errors = {
  400: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

const NOT_FOUND = 'Registration not found. Please check your reference number and try again.';

const view = (registrationId: number) => (p: ParticipantSnapshot) => participantView(registrationId, p);

/**
 * Participants of an existing booking. The reference number is the only secret a visitor holds, so
 * every change must carry it; changes re-price the order and take or free seats in the same
 * transaction.
 */
const participants: FastifyPluginAsyncTypebox = async (app) => {
  const { sql } = app;

  /**
   * The reference number finds the booking in the log itself (index events_registration_reference),
   * never in a read model that may lag the booking.
   */
  async function registrationFor(reference: unknown, participantId?: string) {
    const ref = typeof reference === 'string' ? normalizeReferenceNumber(reference) : '';
    const booked = await findFirstEvent<{ registrationId: string }>(sql, {
      type: 'RegistrationBooked',
      data: { field: 'referenceNumber', equals: ref },
    });
    if (!booked) throw notFound(NOT_FOUND);
    const id = Number(booked.data.registrationId);
    const state = await existingRegistration(sql, id);
    if (participantId && !state.participants.some((p) => p.participantId === participantId)) {
      throw notFound('Participant not found');
    }
    return { id, state };
  }

  const answer = async (
    id: number,
    command: Parameters<typeof changeRegistration>[2],
    requestId: string,
    pick?: string,
  ) => {
    const { state, position } = await changeRegistration(sql, id, command, { actor: 'public', requestId });
    const participant = pick ? state.participants.find((p) => p.participantId === pick) : undefined;
    return {
      success: true as const,
      data: {
        registrationId: id,
        participant: participant ? view(id)(participant) : null,
        participants: state.participants.map(view(id)),
        totalAmount: toMoneyString(state.pricing?.totalCents ?? 0),
        position: position ? formatPosition(position) : null,
      },
    };
  };

  app.post(
    '/api/participants',
    {
      schema: {
        tags: ['public'],
        summary:
          'Add a participant to a booking (body: registrationId, referenceNumber and the participant; an optional myinfoHandle books the identity a Myinfo retrieval gave, issue 49: 400 if the identification number, date of birth or sex differ, 409 once the retrieval expired)',
        body: Loose,
        response: { 201: Answer, ...Errors },
      },
    },
    async (request, reply) => {
      const body = request.body as Record<string, unknown>;
      const input = parseInput(participantSchema, body);
      const { id, state } = await registrationFor(body.referenceNumber);
      if (body.registrationId !== undefined && Number(body.registrationId) !== id) throw notFound(NOT_FOUND);
      const participant = await buildParticipant(
        sql,
        app.memberChecks.verifierFor(request),
        state.eventId!,
        input,
      );
      const result = await answer(
        id,
        { type: 'AddParticipant', participant, at: new Date().toISOString() },
        request.id,
        participant.participantId,
      );
      await forgetHandles(sql, [input.myinfoHandle]);
      return reply.status(201).send(result);
    },
  );

  app.put(
    '/api/participants/:id',
    {
      schema: {
        tags: ['public'],
        summary: 'Update a participant, or make them the primary contact (isPrimary: true)',
        params: ParticipantParams,
        body: Loose,
        response: { 200: Answer, ...Errors },
      },
    },
    async (request) => {
      const body = request.body as Record<string, unknown>;
      const { id, state } = await registrationFor(body.referenceNumber, request.params.id);
      const at = new Date().toISOString();
      if (
        body.isPrimary === true &&
        Object.keys(body).every((k) => ['isPrimary', 'referenceNumber'].includes(k))
      ) {
        return answer(
          id,
          { type: 'ChangePrimaryParticipant', participantId: request.params.id, at },
          request.id,
          request.params.id,
        );
      }
      const input = parseInput(v.partial(participantSchema), body);
      const changes: ParticipantChanges = Object.fromEntries(
        Object.entries(input).filter(
          ([k, value]) =>
            value !== undefined &&
            [
              'firstName',
              'lastName',
              'gender',
              'identificationNumber',
              'dateOfBirth',
              'email',
              'mobileNumber',
            ].includes(k) &&
            k in body,
        ),
      );
      // A typed identification number or date of birth is no longer the one Myinfo gave (issue 49).
      // Myinfo's full name went with that identity: it is not this person's any more.
      if ('identificationNumber' in changes || 'dateOfBirth' in changes)
        Object.assign(changes, { identitySource: 'manual', fullName: '' });
      if (['packageId', 'isAiaMember', 'aiaMemberId'].some((k) => k in body)) {
        // A new package or membership is priced from the catalogue, and a membership verified, as
        // when adding a participant: never the client's price or word.
        const current = state.participants.find((p) => p.participantId === request.params.id);
        if (current) {
          const next = await buildParticipant(sql, app.memberChecks.verifierFor(request), state.eventId!, {
            ...current,
            ...changes,
            packageId: input.packageId ?? current.packageId,
            isAiaMember: input.isAiaMember ?? current.isAiaMember,
            aiaMemberId: 'aiaMemberId' in body ? (input.aiaMemberId ?? null) : current.aiaMemberId,
          });
          Object.assign(changes, {
            packageId: next.packageId,
            packageName: next.packageName,
            packagePriceCents: next.packagePriceCents,
            aiaPriceCents: next.aiaPriceCents,
            isAiaMember: next.isAiaMember,
            memberVerified: next.memberVerified,
            aiaMemberId: next.aiaMemberId,
          });
        }
      }
      const result = await answer(
        id,
        { type: 'UpdateParticipant', participantId: request.params.id, changes, at },
        request.id,
        request.params.id,
      );
      if (body.isPrimary === true)
        return answer(
          id,
          { type: 'ChangePrimaryParticipant', participantId: request.params.id, at },
          request.id,
          request.params.id,
        );
      return result;
    },
  );

  app.delete(
    '/api/participants/:id',
    {
      schema: {
        tags: ['public'],
        summary: 'Remove a participant (not the primary while others exist); frees their seat',
        params: ParticipantParams,
        querystring: Type.Object({ referenceNumber: Type.Optional(Type.String({ maxLength: 40 })) }),
        response: { 200: Answer, ...Errors },
      },
    },
    async (request) => {
      const reference =
        request.query.referenceNumber ??
        (request.body as { referenceNumber?: string } | undefined)?.referenceNumber;
      const { id } = await registrationFor(reference, request.params.id);
      return answer(
        id,
        { type: 'RemoveParticipant', participantId: request.params.id, at: new Date().toISOString() },
        request.id,
      );
    },
  );
};

export default participants;
