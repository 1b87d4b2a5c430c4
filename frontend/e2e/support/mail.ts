/** Reads the mail catcher of the e2e app (MailDev's REST API). */
export interface CapturedEmail {
  id: string;
  subject: string;
  html: string;
  text: string;
  to: Array<{ address: string; name?: string }>;
}

export async function listEmails(): Promise<CapturedEmail[]> {
  const response = await fetch(`${process.env.E2E_MAIL_API}/email`);
  if (!response.ok) throw new Error(`Mail catcher answered ${response.status}`);
  return (await response.json()) as CapturedEmail[];
}

/** Waits for an email to `address` whose subject matches, and answers it. */
export async function waitForEmail(address: string, subject: RegExp, timeoutMs = 20_000): Promise<CapturedEmail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await listEmails()).find(
      (mail) => mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()) && subject.test(mail.subject),
    );
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No email to ${address} matching ${subject} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
