// A creator certificate as the tests fill it in (core/certification/certificate-form.ts): one valid
// person's form, and the application the server answers for it (core/api/certification.ts).
import type { CertificateApplication } from '../api/certification'
import type { CertificateForm } from '../certification/certificate-form'

/** A valid person's form; `imageUrl` is where the identity card was stored. */
export const sampleCertificateForm = (imageId: string, imageUrl: string): CertificateForm => ({
  applicantType: 'person',
  realName: '王小明',
  companyName: '',
  weixinId: 'wang_xm2024',
  idCardImage: imageUrl,
  imageId,
  siaqcNumber: 'S0260517090001',
  email: 'wang@example.com',
  otherPlatformAccountName: '',
  personalProfile: '八年证券从业经验，专注港股科技板块研究。',
})

/** That form, sent and under review. */
export const sampleApplication = (imageId: string, imageUrl: string, over: Partial<CertificateApplication> & { id: number; createTime: number }): CertificateApplication => ({
  ...sampleCertificateForm(imageId, imageUrl),
  status: 'reviewing',
  rejectReason: null,
  reviewTime: null,
  ...over,
})
