import { describe, expect, it } from 'vitest'
import { UPSTREAM_MESSAGES } from '../ports'
import { smtpEmail, smtpTransport } from './smtp-email'

describe('SMTP email adapter', () => {
  it('hands nodemailer the from, to, subject and text', async () => {
    const sent: unknown[] = []
    await smtpEmail('港美汇 <no-reply@example.com>', { sendMail: async (m) => void sent.push(m) }).send('a@b.cn', '港美汇 重置密码', '您的验证码是123456')
    expect(sent).toEqual([{ from: '港美汇 <no-reply@example.com>', to: 'a@b.cn', subject: '港美汇 重置密码', text: '您的验证码是123456' }])
  })

  it('maps a transport failure to a clear Chinese message (no server names, no credentials)', async () => {
    const failing = {
      sendMail: async () => {
        throw Object.assign(new Error('Invalid login: 535 auth failed for user@smtp.example.com'), { code: 'EAUTH', responseCode: 535 })
      },
    }
    const err = await smtpEmail('x@example.com', failing).send('a@b.cn', 's', 't').catch((e) => e)
    expect(err).toMatchObject({ status: 502, message: UPSTREAM_MESSAGES.email })
    expect(err.message).not.toContain('smtp.example.com')
  })

  it('builds a real nodemailer transport from SMTP_URL without connecting', () => {
    const t = smtpTransport('smtps://user:pass@smtp.example.com:465')
    expect(typeof t.sendMail).toBe('function')
  })
})
