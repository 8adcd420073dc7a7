export { FromMyinfo, myinfoFieldProps } from './from-myinfo';
export type { MyinfoPrefill } from './myinfo-api';
export { MyinfoPanel } from './myinfo-panel';
export { nameSplits, type NameSplit } from './name-split';
export {
  clearedValues,
  LOCKED_FIELDS,
  type MyinfoField,
  type MyinfoMarks,
  myinfoMarks,
  NO_MARKS,
  prefillValues,
} from './prefill';
export { type MyinfoFlow, type MyinfoNotice, navigation, useMyinfo } from './use-myinfo';
export { parseMyinfoFragment } from './return-fragment';
export { handleMyinfoAnswer, handleMyinfoRefusal, withMyinfoHandle } from './booking-refusal';
