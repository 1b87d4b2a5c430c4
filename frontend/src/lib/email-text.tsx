import { Fragment } from 'react';

/**
 * An email address that wraps, when a column is narrow, before its '@' and its dots, the way a
 * typesetter breaks an address, instead of in the middle of a name.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
