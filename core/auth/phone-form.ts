// What the phone forms of the login dialog and of phone binding do alike: a typed field replaces its
// value and clears its own error and the server's message; the send-code button asks the child
// `codeSender` (send-code.machine.ts) for a code to the trimmed phone.
import type { CodePurpose, CodeRequest } from './auth-types'

/** The context after the reader typed `value` into `field`. */
export function typedField<Form extends object, E extends { field: string }>(
  context: { form: Form; errors: readonly E[] },
  event: { field: keyof Form & string; value: string },
): { form: Form; errors: E[]; message: null } {
  return {
    form: { ...context.form, [event.field]: event.value },
    errors: context.errors.filter((e) => e.field !== event.field),
    message: null,
  }
}

/** The `code.send` event for the child codeSender: the form's phone (trimmed) and country code. */
export function codeRequest(form: { phone: string; countryCode: string }, purpose: CodePurpose): { type: 'code.send' } & CodeRequest {
  return { type: 'code.send', phone: form.phone.trim(), countryCode: form.countryCode, purpose }
}
