// The choices of the real-name form (spec 001 §3 'Real-name form'): the values sent are these codes;
// the reader sees their zh-cn / zh-hk labels (ui/i18n/zh-cn-attestation.ts).
export { IDENTITY_TYPES } from '../../../core/validation/real-name-form'

/** spec 001 §3: doctorate, master, bachelor, junior college, technical secondary, high school, junior high or below. */
export const EDUCATIONS = ['DOCTORATE', 'MASTER', 'BACHELOR', 'JUNIOR_COLLEGE', 'TECHNICAL_SECONDARY', 'HIGH_SCHOOL', 'JUNIOR_HIGH_OR_BELOW'] as const
/** spec 001 §3: government staff, institution employee, farmer, securities practitioner, self-employed, student, unemployed, other. */
export const CAREERS = ['GOVERNMENT', 'INSTITUTION', 'FARMER', 'SECURITIES', 'SELF_EMPLOYED', 'STUDENT', 'UNEMPLOYED', 'OTHER'] as const
/**
 * spec 001 §3: none, central-bank credit agency, supreme-court dishonest debtor list, business
 * registration authority, tax authority, regulator/self-regulatory body, breach records at securities
 * firms, improper charity-rights behaviour.
 */
export const SINCERITY_RECORDS = ['NONE', 'CREDIT_AGENCY', 'DISHONEST_DEBTOR', 'BUSINESS_REGISTRATION', 'TAX', 'REGULATOR', 'SECURITIES_FIRM', 'CHARITY'] as const
