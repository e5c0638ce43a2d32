/** What other features may use from the results: how a nominee is named (the archive's winners). */
export { nomineeHeading, type NomineeHeading } from './nominee-heading';
