/** "Retrieve Myinfo with Singpass" (issue 49): the interface, the real adapter, our keys, and the local fake Singpass. */
export * from './types';
export { generateSingpassKeys, singpassKeysFromEnv, publicJwks } from './keys';
export { mapMyinfoPerson } from './myinfo-mapping';
export { createSingpassGateway } from './singpass-gateway';
export * from './fake-singpass-server';
export { FAKE_SINGPASS_PERSONAS, type FakeSingpassPersona } from './fake-singpass-personas';
export { runFakeSingpassProcess } from './fake-singpass-process';
