import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export type Email = {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
};

export type Mailer = { send(email: Email): Promise<void> };

/** Email through the SMTP server in `SMTP_URL`, from `MAIL_FROM`; none when SMTP is not configured. */
export function createMailer(mail: NonNullable<Config['mail']>): Mailer {
  const transport = nodemailer.createTransport(mail.smtpUrl);
  return {
    async send(email) {
      await transport.sendMail({ from: mail.from, ...email });
    },
  };
}
