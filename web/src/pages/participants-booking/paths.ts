/** Where the participants page and the screens around it live (spec section 2). */
export const participantsPath = (event: { id: number; slug: string }, packageId: number) =>
  `/booking/${encodeURIComponent(event.slug)}/participants?eventId=${event.id}&packageId=${packageId}`;

export const packagesPath = (eventId: number) => `/booking/packages?eventId=${eventId}`;

export const registrationPath = (eventId: number, packageId: number) =>
  `/booking/registration?eventId=${eventId}&packageId=${packageId}`;
