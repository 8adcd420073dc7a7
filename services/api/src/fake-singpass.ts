/**
 * `node dist/fake-singpass.js`: the local fake Singpass (issue 49) that `npm start` and the browser tests
 * run beside the api, so the demo's "Retrieve Myinfo with Singpass" works end to end. Never in
 * production: the api refuses an issuer on this machine there.
 */
import { runFakeSingpassProcess } from '@hs/gateways';

await runFakeSingpassProcess();
