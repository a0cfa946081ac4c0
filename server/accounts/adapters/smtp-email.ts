// EmailPort over SMTP with nodemailer (SMTP_URL like smtps://user:pass@smtp.example.com:465).
import nodemailer from 'nodemailer'
import { UPSTREAM_MESSAGES, UpstreamError, type EmailPort } from '../ports'

/** The part of a nodemailer transport this adapter uses (a fake one in tests). */
export interface MailTransport {
  sendMail(mail: { from: string; to: string; subject: string; text: string }): Promise<unknown>
}

export function smtpEmail(from: string, transport: MailTransport): EmailPort {
  return {
    async send(to, subject, text) {
      try {
        await transport.sendMail({ from, to, subject, text })
      } catch (error) {
        const e = error as { code?: string; responseCode?: number; message?: string }
        throw new UpstreamError(UPSTREAM_MESSAGES.email, `smtp: ${e.code ?? ''} ${e.responseCode ?? ''} ${e.message ?? String(error)}`)
      }
    },
  }
}

/** nodemailer's transport for SMTP_URL (it connects on the first send, not here). */
export const smtpTransport = (url: string): MailTransport => nodemailer.createTransport(url)
