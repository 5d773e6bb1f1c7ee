/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    locale: import('./i18n/messages').Locale;
    /** The login cookie's contents; not yet checked against the database. */
    session: import('./server/session').SessionPayload | null;
    /** The member's profile, fetched once per request; null for a guest or a revoked session. */
    profile: () => Promise<import('./lib/xs-api/contract').Profile | null>;
    /** The client's IP (src/server/client-ip.ts, TRUST_PROXY), for the API's per-IP limits; null when unknown. */
    clientIp?: string | null;
    /**
     * The path as the client asked it (/zh/cart) when src/server/http/serve.ts handed the request to
     * the app by its path without the language prefix (/cart; ADR 50); unset otherwise.
     */
    requestPath?: string;
    /** On console pages (/staff…): the staff cookie's contents; not yet checked against the database. */
    staff?: import('./server/staff-session').StaffSessionPayload | null;
    /** On console pages: the staff member, read once per request; null when logged out or revoked. */
    staffMember?: () => Promise<import('./domain/staff').StaffIdentity | null>;
  }
}
