export {
  configurePersonalData,
  generateKeyBase64,
  isPersonalDataConfigured,
  keyedHash,
  keyRing,
  keyRingFromEnv,
  masterKeyId,
  normaliseIdentification,
  PersonalDataKeyError,
  type KeyRing,
  type MasterKey,
} from './keys';
export {
  boxIndex,
  boxReference,
  decryptField,
  decryptFields,
  destroyDataKeys,
  encryptField,
  ensureDataKeys,
  fieldSubject,
  isEncryptedField,
  loadDataKeys,
  openBox,
  participantSubject,
  rewrapDataKeys,
  sealBox,
  waitlistSubject,
  type DataKeys,
  type RewrapResult,
} from './store';
export { decryptEventData, encryptEventData, personalDataCodec, subjectOf } from './codec';
export { installPersonalData } from './install';
export { openReadModelRows, SENSITIVE_FIELDS, sealForReadModel } from './read-model';
export { encryptClearEvents, type ClearEventsResult } from './migrate-clear';
