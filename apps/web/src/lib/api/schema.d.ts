// Generated from the api-gateway's OpenAPI document by apps/web/scripts/openapi-types.mjs: do not edit.
// Regenerate with `npm run gen:web-api` against a running platform.

export interface paths {
    "/api/v1/alert-recipients/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm an e-mail address for alerts with the token of the link mailed to it (no sign-in needed) */
        post: operations["AlertRecipientsController_confirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/alert-rule-kinds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every kind of alert rule, with its parameters and defaults */
        get: operations["AlertRuleKindsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/alerts/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The delivery log: every notification with its attempts, status codes and last error, newest first */
        get: operations["IncidentsController_deliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/alerts/incidents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Incidents, newest first; filter by server, state (open, resolved) and time (from, to), paged */
        get: operations["IncidentsController_incidents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/alerts/incidents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One incident with its deliveries and the notes on its timeline (oldest first) */
        get: operations["IncidentsController_incident"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/alerts/incidents/{id}/acknowledge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Acknowledge an open incident: records who and when; its repeat notifications stop until it resolves (a re-fire is a new incident). notify_channels: also tell its channels "acknowledged by <name>". Acknowledging again keeps the first; 409 for a resolved incident */
        post: operations["IncidentAckController_acknowledge"];
        /** Take the acknowledgement of an open incident back: repeat notifications resume; 409 for a resolved one */
        delete: operations["IncidentAckController_unacknowledge"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/alerts/incidents/{id}/notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add a note (at most 2000 characters) to the incident's timeline, with you as its author */
        post: operations["IncidentAckController_addNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who changed what, newest first, paged (next_cursor) */
        get: operations["AuditController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in: a dashboard session token; for an account with a second factor, a challenge for POST /api/v1/auth/login/second-factor instead (second_factor_required) */
        post: operations["AuthController_login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/login/second-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Finish a sign-in that answered second_factor_required: the challenge and one of a TOTP code, a recovery code or a passkey answer to passkey_options. Five wrong answers end the challenge. */
        post: operations["SignInController_secondStep"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out: the session token stops working */
        post: operations["AuthController_logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/passkey/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Options of a passwordless sign-in with a passkey (pass them to navigator.credentials.get) */
        post: operations["SignInController_passkeyOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/passkey/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in with a passkey: the browser answer to the options gives a dashboard session */
        post: operations["SignInController_passkeyVerify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask for a password reset link by mail (single use, 30 minutes; a new request replaces older links). The answer is the same whether or not the e-mail has an account. */
        post: operations["AccountController_requestReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/password-reset/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password with the token of a reset mail: every session of the account is signed out and the e-mail counts as verified. Sign in again with the new password. */
        post: operations["AccountController_confirmReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an account (with its personal organisation), then sign in with POST /api/v1/auth/login. The answer is the same whether or not the e-mail already has an account (that account stays as it is). A new account gets a verification mail (POST /api/v1/auth/verify-email). */
        post: operations["AuthController_register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sso/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Where the provider sends the browser back (register it as the redirect URI): redirects to /sso/complete#token=<session> on success, to /login?sso_error=<code> on any failure (400 for a malformed code, state, error or iss; other parameters are ignored) */
        get: operations["SsoLoginController_callback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sso/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start signing in with the single sign-on of the organisation that claims the e-mail's domain: the provider's URL to send the browser to (404 for a domain without SSO) */
        post: operations["SsoLoginController_start"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/verify-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Verify the e-mail address of an account with the token of its verification mail (the link carries it after #token=). Single use; the link expires after 24 hours. */
        post: operations["AccountController_verify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/verify-email/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send the signed-in user a new verification mail (the older link stops working). 409 when the address is verified already; 429 with Retry-After beyond VERIFICATION_RESEND_MAX_PER_HOUR. */
        post: operations["AccountController_resend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/sso-addon": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Turn the Team plan's single sign-on add-on on or off (no payment is taken; other plans: 409) */
        put: operations["SsoConfigController_addon"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/subscription": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organisation's plan, its effective limits and the servers used */
        get: operations["BillingController_subscription"];
        /** Change the plan (no payment is taken). A downgrade that would leave more servers than the new plan allows is refused (409) with the number to remove; samples stay until they expire under the new retention */
        put: operations["BillingController_change"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Today's API requests (UTC day) and the servers used, against the plan */
        get: operations["BillingController_usage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/client-config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The dashboard's settings (where to reach live updates); no sign-in needed */
        get: operations["ClientConfigController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incident-ack/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An alert message's acknowledge link: an HTML page naming the incident with an Acknowledge button (changes nothing); 404 unknown, 409 used or resolved, 410 expired */
        get: operations["AckLinkController_confirm"];
        put?: never;
        /** Use an acknowledge link (once): acknowledges the incident "via link" and answers an HTML page; 404 unknown, 409 used or resolved, 410 expired */
        post: operations["AckLinkController_acknowledge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Join the organisation of an invitation, signed in with the invited e-mail address, verified; then act in it with X-Org-Id. 403 names the reason (other_email, email_unverified); 404 an unknown, used, withdrawn or expired invitation. */
        post: operations["MembersController_accept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user, their language, their organisations with role, and the current plan */
        get: operations["AuthController_me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change the signed-in user's own settings: locale (en, de, es, fr or nl; null follows the browser's language) */
        patch: operations["AuthController_updateMe"];
        trace?: never;
    };
    "/api/v1/me/passkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your passkeys */
        get: operations["TwoFactorController_listPasskeys"];
        put?: never;
        /** Register a passkey: the browser answer to the options, and a name */
        post: operations["TwoFactorController_addPasskey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/passkeys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a passkey: it no longer signs in */
        delete: operations["TwoFactorController_removePasskey"];
        options?: never;
        head?: never;
        /** Rename a passkey */
        patch: operations["TwoFactorController_renamePasskey"];
        trace?: never;
    };
    "/api/v1/me/passkeys/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Options to register a passkey (pass them to navigator.credentials.create within 5 minutes) */
        post: operations["TwoFactorController_passkeyOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change the signed-in user's password (dashboard sessions only): the current password is checked (a wrong one counts as a failed sign-in); the user's other sessions are signed out, this one stays. */
        post: operations["AccountController_changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user's sessions that still work (any organisation), newest first; `current` marks this one */
        get: operations["SessionsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Sign one of your sessions out: its token stops working at once (404 for an id not yours) */
        delete: operations["SessionsController_revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/sessions/revoke-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out everywhere: every session of yours, this one included, stops working at once */
        post: operations["SessionsController_revokeAll"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/two-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your second factors: authenticator app, recovery codes left, passkeys, organisations requiring one */
        get: operations["TwoFactorController_status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/two-factor/recovery-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ten new recovery codes (the old ones stop working), shown only here: needs a valid code */
        post: operations["TwoFactorController_regenerate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/two-factor/totp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start enrolling an authenticator app: its secret, otpauth URI and QR code (pending until confirmed with a code) */
        post: operations["TwoFactorController_startTotp"];
        /** Turn the authenticator app off (and its recovery codes): needs the current password or a valid code */
        delete: operations["TwoFactorController_disableTotp"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/two-factor/totp/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm the authenticator app with a code: two factors are on; ten recovery codes, shown only here */
        post: operations["TwoFactorController_confirmTotp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/metrics/prometheus": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organisation's latest game metrics in Prometheus' text format 0.0.4 (health, power per circuit, production per item, generators, extractors, resource sink, session), labelled server_id, server, session, circuit, item, fuel */
        get: operations["PrometheusController_exposition"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/notification-channels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organisation's channels (secrets masked) with their last delivery */
        get: operations["NotificationChannelsController_list"];
        put?: never;
        /** Add a channel (at most 25 an organisation; 409 beyond). config by kind: discord {url} (a Discord webhook: discord.com or discordapp.com); slack/teams/webhook {url}; email {to: [addresses]} (each address gets a confirmation link and receives alerts only once confirmed); telegram {bot_token, chat_id}. locale: the language of its alert messages (en, de, es, fr, nl; default en). A webhook channel answers its signing_secret once. */
        post: operations["NotificationChannelsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/notification-channels/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One channel (secrets masked) */
        get: operations["NotificationChannelsController_get"];
        put?: never;
        post?: never;
        /** Delete a channel */
        delete: operations["NotificationChannelsController_remove"];
        options?: never;
        head?: never;
        /** Rename, switch on or off, change the language of its messages, replace the settings, or rotate a webhook signing secret */
        patch: operations["NotificationChannelsController_update"];
        trace?: never;
    };
    "/api/v1/notification-channels/{id}/recipients/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** E-mail channels: mail a new confirmation link (valid 72 h) to every recipient that has not confirmed; alerts go only to confirmed recipients */
        post: operations["NotificationChannelsController_resend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/notification-channels/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a test message now and report the receiver's answer (at most 10 per user and 30 per organisation every 10 minutes: 429 with Retry-After beyond) */
        post: operations["NotificationChannelsController_test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/org/invitations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Withdraw a pending invitation: its link stops working */
        delete: operations["MembersController_revokeInvitation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/org/invitations/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail a pending invitation again with a new link (the previous one stops working) valid 7 more days; at most once a minute per invitation */
        post: operations["MembersController_resendInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/org/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The members and their roles; admins also see pending invitations */
        get: operations["MembersController_list"];
        put?: never;
        /** Invite a person by e-mail with a role: the invitation is mailed (its link valid 7 days), and they join only by accepting it signed in with that address, verified. The answer is the same whether or not the address has an account; re-inviting a pending address replaces its invitation. */
        post: operations["MembersController_invite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/org/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a member: their sessions stop reaching this organisation at once (the last admin stays) */
        delete: operations["MembersController_remove"];
        options?: never;
        head?: never;
        /** Change a member's role (the last admin cannot be demoted) */
        patch: operations["MembersController_changeRole"];
        trace?: never;
    };
    "/api/v1/org/security": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The security policy of the organisation (two factors required) */
        get: operations["OrgSecurityController_view"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Require two factors of every member (Team and Enterprise): a member without one is refused (403 TwoFactorRequired) until they enrol, and an invitation cannot be accepted before */
        patch: operations["OrgSecurityController_change"];
        trace?: never;
    };
    "/api/v1/org/sso": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether the plan includes single sign-on, and the organisation's set-up (never the client secret) */
        get: operations["SsoConfigController_status"];
        /** Set up single sign-on (OpenID Connect): the issuer is checked by fetching its discovery document; a domain can belong to one organisation (409). Enterprise, or Team with the SSO add-on (else 403 with the plan) */
        put: operations["SsoConfigController_save"];
        post?: never;
        /** Remove single sign-on: members sign in with their passwords again */
        delete: operations["SsoConfigController_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The plans, their prices and limits (no sign-in needed) */
        get: operations["BillingController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/players/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Players whose name contains q on the organisation's servers, most recently seen first (at most 50) */
        get: operations["PlayersController_search"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The shared server's name and status */
        get: operations["PublicShareController_server"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/{token}/buildings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Factory buildings of the newest sample, filtered by state, type and recipe, paged */
        get: operations["PublicShareController_buildings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/{token}/dashboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every latest kind in one answer */
        get: operations["PublicShareController_dashboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/{token}/drone-stations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Drone ports of the newest sample */
        get: operations["PublicShareController_droneStations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/{token}/drones": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Drones of the newest sample */
        get: operations["PublicShareController_drones"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/{token}/extractors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Extractors of the newest sample */
        get: operations["PublicShareController_extractors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/{token}/generators": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Power generators of the newest sample */
        get: operations["PublicShareController_generators"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/{token}/generators/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Generator production and capacity per fuel over time */
        get: operations["PublicShareHistoryController_generatorsHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/{token}/metrics/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tick rate and players over time */
        get: operations["PublicShareHistoryController_metricsHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/{token}/metrics/latest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The newest health sample */
        get: operations["PublicShareController_latest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/{token}/players": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Players of the newest sample (a JSON array, paged by limit and cursor: Link rel="next") */
        get: operations["PublicShareController_players"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/{token}/players/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Players online over time */
        get: operations["PublicShareHistoryController_playersHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/{token}/players/trails": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Where each online player was over time */
        get: operations["PublicShareHistoryController_playersTrails"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/{token}/power/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Power per circuit over time */
        get: operations["PublicShareHistoryController_powerHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/{token}/power/latest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Power circuits of the newest sample */
        get: operations["PublicShareController_power"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/{token}/production/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Produced and consumed per item over time */
        get: operations["PublicShareHistoryController_productionHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/{token}/production/latest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Production per item of the newest sample */
        get: operations["PublicShareController_production"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/{token}/resource-sink": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The AWESOME Sink of the newest sample */
        get: operations["PublicShareController_resourceSink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/{token}/resource-sink/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** AWESOME Sink points, points per minute and coupons over time */
        get: operations["PublicShareHistoryController_resourceSinkHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/{token}/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The loaded save of the newest sample */
        get: operations["PublicShareController_session"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/{token}/trains": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Trains of the newest sample */
        get: operations["PublicShareController_trains"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/{token}/world-inventory": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Item totals of the newest world inventory, searched by q, with the containers holding each */
        get: operations["PublicShareController_inventory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/servers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The servers of the organisation */
        get: operations["ServersController_list"];
        put?: never;
        /** Register a server: the provisioning probe runs first (TCP, HealthCheck, PasswordLogin, add-on getPower); 422 InvalidAdminPasswordException, 502 ServerUnreachableException, 500 ProvisioningFailedException name the failed step, what was observed and the remedy. Live steps: with `Accept: application/x-ndjson` the answer, once the probe starts, is 200 application/x-ndjson with one line per finished step ({"type":"step","step","ok","duration_ms","observed"}), then one last line: {"type":"created","server":{the 201 body}} or {"type":"error","status","error":{code,message,remedy,details},"request_id"} with the status and error the JSON answer would have. Errors before the probe (validation, authentication, role, plan limit, target, duplicate) are plain HTTP errors in either mode. */
        post: operations["ServersController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/servers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One server */
        get: operations["ServersController_get"];
        put?: never;
        post?: never;
        /** Remove a server: polling stops; samples stay until retention */
        delete: operations["ServersController_remove"];
        options?: never;
        head?: never;
        /** Change name, ports or admin password (a new password is checked with PasswordLogin first: 422 if wrong) */
        patch: operations["ServersController_update"];
        trace?: never;
    };
    "/api/v1/servers/{id}/alert-rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The server's alert rules with their current state */
        get: operations["AlertRulesController_list"];
        put?: never;
        /** Add a rule (GET /api/v1/alert-rule-kinds lists the kinds and their parameters); at most 250 an organisation adds (409 beyond) */
        post: operations["AlertRulesController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/servers/{id}/alert-rules/{ruleId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One rule */
        get: operations["AlertRulesController_get"];
        put?: never;
        post?: never;
        /** Delete a rule; its open incident is closed without a notice */
        delete: operations["AlertRulesController_remove"];
        options?: never;
        head?: never;
        /** Change a rule: thresholds, pending period, repeat, channels, or switch it off (enabled: false) */
        patch: operations["AlertRulesController_update"];
        trace?: never;
    };
    "/api/v1/servers/{id}/buildings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Factory buildings of the newest sample, filtered by state, type and recipe, paged */
        get: operations["MetricsController_buildings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/servers/{id}/dashboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every latest kind in one answer (a kind never polled is [] or null; the add-on state is in `addon`) */
        get: operations["MetricsController_dashboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/servers/{id}/diagnose": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run the diagnostic steps in order (container reachable, certificate still the one pinned at registration, HealthCheck, PasswordLogin, add-on getPower). Operator or Admin: it probes the server with its admin password. Throttled with registrations per user and organisation (429 with Retry-After) */
        post: operations["ServersController_diagnose"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/servers/{id}/drone-stations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Drone ports of the newest sample */
        get: operations["MetricsController_droneStations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/servers/{id}/drones": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Drones of the newest sample */
        get: operations["MetricsController_drones"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/servers/{id}/extractors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Miners, water and oil extractors and well extractors of the newest sample */
        get: operations["MetricsController_extractors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/servers/{id}/generators": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Power generators of the newest sample */
        get: operations["MetricsController_generators"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/servers/{id}/generators/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Generator production and capacity per fuel over time, bucketed server-side */
        get: operations["HistoryController_generatorsHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/servers/{id}/metrics/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tick rate and players over time, bucketed server-side */
        get: operations["HistoryController_metricsHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/servers/{id}/metrics/latest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The newest health sample (tick rate, players, tier, phase, ...) */
        get: operations["MetricsController_latest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/servers/{id}/online-at": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who was online at instant t */
        get: operations["PlayersController_onlineAt"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/servers/{id}/player-sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Player sessions (join, leave, duration) overlapping from..to (default: the last 24 hours), newest first */
        get: operations["PlayersController_sessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/servers/{id}/player-sessions.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The same sessions as CSV (a header line; names a spreadsheet would run as formulas are quoted) */
        get: operations["PlayersController_sessionsCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/servers/{id}/player-sessions/heatmap": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Players online per hour of the week (weekday x hour) over the retention window */
        get: operations["PlayersController_heatmap"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/servers/{id}/players": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Players of the newest sample: a JSON array, paged by limit and cursor (Link rel="next") */
        get: operations["MetricsController_players"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/servers/{id}/players/{playerId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A player's first and last seen, total playtime and newest sessions on a server */
        get: operations["PlayersController_player"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/servers/{id}/players/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Players online over time, bucketed server-side */
        get: operations["HistoryController_playersHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/servers/{id}/players/trails": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Where each online player was over time (the map's trails), bucketed server-side */
        get: operations["HistoryController_playersTrails"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/servers/{id}/power/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Power per circuit over time (one circuit with `circuit`), bucketed server-side */
        get: operations["HistoryController_powerHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/servers/{id}/power/latest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Power circuits of the newest sample */
        get: operations["MetricsController_power"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/servers/{id}/production/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Produced and consumed per item over time (one item with `item`), bucketed server-side */
        get: operations["HistoryController_productionHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/servers/{id}/production/latest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Production per item of the newest sample */
        get: operations["MetricsController_production"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/servers/{id}/resource-sink": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The AWESOME Sink of the newest sample */
        get: operations["MetricsController_resourceSink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/servers/{id}/resource-sink/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** AWESOME Sink points, points per minute and coupons over time, bucketed server-side */
        get: operations["HistoryController_resourceSinkHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/servers/{id}/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The loaded save of the newest sample */
        get: operations["MetricsController_session"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/servers/{id}/shares": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The server's live share links (no tokens) */
        get: operations["SharesController_list"];
        put?: never;
        /** Create a read-only link to this server (dashboard or streaming overlay); the token is shown only here */
        post: operations["SharesController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/servers/{id}/shares/{shareId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a share link: it stops working at once */
        delete: operations["SharesController_revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/servers/{id}/trains": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Trains of the newest sample */
        get: operations["MetricsController_trains"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/servers/{id}/world-inventory": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Item totals of the newest world inventory, searched by q, each with the containers holding it */
        get: operations["MetricsController_inventory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/silences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Current and upcoming silences and maintenance windows */
        get: operations["SilencesController_list"];
        put?: never;
        /** Mute alerts until ends_at, or every week (recurrence: days, start HH:MM, duration_minutes, time_zone); server_id and rule_id narrow it */
        post: operations["SilencesController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/silences/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** End a silence now */
        delete: operations["SilencesController_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/status-pages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organisation's status pages */
        get: operations["StatusPagesController_list"];
        put?: never;
        /** Publish a status page at /status/{slug} showing the chosen servers (Pro plan and up) */
        post: operations["StatusPagesController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/status-pages/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A status page */
        get: operations["StatusPagesController_get"];
        put?: never;
        post?: never;
        /** Delete a status page, its incidents and subscribers */
        delete: operations["StatusPagesController_delete"];
        options?: never;
        head?: never;
        /** Change a status page's slug, title or servers (the old slug stops working at once) */
        patch: operations["StatusPagesController_update"];
        trace?: never;
    };
    "/api/v1/status-pages/{id}/incidents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A status page's incidents, newest first */
        get: operations["StatusPagesController_listIncidents"];
        put?: never;
        /** Post an incident (by hand, or from an alert incident: its summary is the default title); subscribers are told */
        post: operations["StatusPagesController_createIncident"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/status-pages/{id}/incidents/{incidentId}/updates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add an update to an incident (its state becomes the incident's); subscribers are told */
        post: operations["StatusPagesController_addUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/status/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A status page's status now: each server's status, players and 90-day uptime, open incidents (cached 30 s) */
        get: operations["PublicStatusApiController_status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/status/{slug}/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Subscribe to incident updates: an e-mail address (a confirmation link is mailed: double opt-in) or a webhook URL */
        post: operations["PublicStatusApiController_subscribe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The API tokens of the organisation (no secrets) */
        get: operations["TokensController_list"];
        put?: never;
        /** Create an API token; the token is shown only in this answer */
        post: operations["TokensController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an API token: it is refused from now on */
        delete: operations["TokensController_revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["HealthController_live"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["HealthController_ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["MetricsController_scrape"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    AlertRecipientsController_confirm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        address: string;
                        channel_name: string;
                        confirmed_at: string;
                    };
                };
            };
            /**
             * @description error
             *
             *     error
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    AlertRuleKindsController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        defaults: {
                            pending_polls: number;
                            pending_seconds: number;
                        };
                        description: string;
                        event: boolean;
                        kind: string;
                        params: {
                            default: number | null;
                            label: string;
                            max: number;
                            min: number;
                            name: string;
                            required: boolean;
                            type: string;
                            unit: string | null;
                        }[];
                        per_instance: boolean;
                        requires_addon: boolean;
                        /** @enum {string} */
                        severity: "info" | "warning" | "critical";
                        title: string;
                    }[];
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    IncidentsController_deliveries: {
        parameters: {
            query?: {
                channel_id?: string;
                cursor?: string;
                incident_id?: string;
                limit?: number;
                status?: "pending" | "sent" | "failed" | "dead" | "skipped";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            attempt_log: {
                                at: string;
                                attempt: number;
                                duration_ms: number;
                                error: string | null;
                                retry_after_ms: number | null;
                                status_code: number | null;
                            }[];
                            attempts: number;
                            channel_id: string;
                            channel_kind: string;
                            channel_name: string;
                            created_at: string;
                            error: string | null;
                            event: string;
                            id: string;
                            incident_id: string;
                            last_attempt_at: string | null;
                            next_attempt_at: string | null;
                            response_status: number | null;
                            sent_at: string | null;
                            status: string;
                            summary: string;
                        }[];
                        next_cursor: string | null;
                    };
                };
            };
            /**
             * @description error
             *
             *     error
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    IncidentsController_incidents: {
        parameters: {
            query?: {
                cursor?: string;
                from?: string;
                limit?: number;
                server_id?: string;
                state?: "open" | "resolved";
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            acknowledged_at: string | null;
                            acknowledged_by: string | null;
                            duration_seconds: number | null;
                            fired_at: string | null;
                            id: string;
                            instance: string | null;
                            peak: {
                                at: string;
                                label: string;
                                value: number;
                            } | null;
                            resolved_at: string | null;
                            rule_id: string | null;
                            rule_kind: string;
                            rule_name: string;
                            server_id: string;
                            server_name: string;
                            severity: string;
                            silenced: boolean;
                            started_at: string;
                            /** @enum {string} */
                            state: "open" | "resolved";
                            summary: string;
                            title: string;
                        }[];
                        next_cursor: string | null;
                    };
                };
            };
            /**
             * @description error
             *
             *     error
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    IncidentsController_incident: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        acknowledged_at: string | null;
                        acknowledged_by: string | null;
                        deliveries: {
                            attempt_log: {
                                at: string;
                                attempt: number;
                                duration_ms: number;
                                error: string | null;
                                retry_after_ms: number | null;
                                status_code: number | null;
                            }[];
                            attempts: number;
                            channel_id: string;
                            channel_kind: string;
                            channel_name: string;
                            created_at: string;
                            error: string | null;
                            event: string;
                            id: string;
                            incident_id: string;
                            last_attempt_at: string | null;
                            next_attempt_at: string | null;
                            response_status: number | null;
                            sent_at: string | null;
                            status: string;
                            summary: string;
                        }[];
                        duration_seconds: number | null;
                        fired_at: string | null;
                        id: string;
                        instance: string | null;
                        notes: {
                            author: string;
                            created_at: string;
                            id: string;
                            text: string;
                        }[];
                        peak: {
                            at: string;
                            label: string;
                            value: number;
                        } | null;
                        resolved_at: string | null;
                        rule_id: string | null;
                        rule_kind: string;
                        rule_name: string;
                        server_id: string;
                        server_name: string;
                        severity: string;
                        silenced: boolean;
                        started_at: string;
                        /** @enum {string} */
                        state: "open" | "resolved";
                        summary: string;
                        title: string;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    IncidentAckController_acknowledge: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    notify_channels?: boolean;
                };
            };
        };
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        acknowledged_at: string | null;
                        acknowledged_by: string | null;
                        duration_seconds: number | null;
                        fired_at: string | null;
                        id: string;
                        instance: string | null;
                        peak: {
                            at: string;
                            label: string;
                            value: number;
                        } | null;
                        resolved_at: string | null;
                        rule_id: string | null;
                        rule_kind: string;
                        rule_name: string;
                        server_id: string;
                        server_name: string;
                        severity: string;
                        silenced: boolean;
                        started_at: string;
                        /** @enum {string} */
                        state: "open" | "resolved";
                        summary: string;
                        title: string;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    IncidentAckController_unacknowledge: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        acknowledged_at: string | null;
                        acknowledged_by: string | null;
                        duration_seconds: number | null;
                        fired_at: string | null;
                        id: string;
                        instance: string | null;
                        peak: {
                            at: string;
                            label: string;
                            value: number;
                        } | null;
                        resolved_at: string | null;
                        rule_id: string | null;
                        rule_kind: string;
                        rule_name: string;
                        server_id: string;
                        server_name: string;
                        severity: string;
                        silenced: boolean;
                        started_at: string;
                        /** @enum {string} */
                        state: "open" | "resolved";
                        summary: string;
                        title: string;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    IncidentAckController_addNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    text: string;
                };
            };
        };
        responses: {
            /** @description success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        author: string;
                        created_at: string;
                        id: string;
                        text: string;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    AuditController_list: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            action: string;
                            actor: {
                                email: string | null;
                                token_id: string | null;
                                user_id: string | null;
                            };
                            details: {
                                [key: string]: unknown;
                            };
                            id: string;
                            ip: string | null;
                            request_id: string | null;
                            target: {
                                id: string;
                                type: string;
                            } | null;
                            time: string;
                        }[];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    AuthController_login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        expires_at: string;
                        token: string;
                    } | {
                        /** @description send it to POST /api/v1/auth/login/second-factor within 5 minutes */
                        challenge: string;
                        expires_at: string;
                        methods: ("totp" | "recovery_code" | "passkey")[];
                        passkey_options: ({
                            challenge: string;
                        } & {
                            [key: string]: unknown;
                        }) | null;
                        /** @enum {boolean} */
                        second_factor_required: true;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    SignInController_secondStep: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    challenge: string;
                    passkey?: {
                        /** @default {} */
                        clientExtensionResults?: {
                            [key: string]: unknown;
                        };
                        id: string;
                        rawId: string;
                        response: {
                            clientDataJSON: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @enum {string} */
                        type: "public-key";
                    } & {
                        [key: string]: unknown;
                    };
                    recovery_code?: string;
                    totp?: string;
                };
            };
        };
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        expires_at: string;
                        token: string;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    AuthController_logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    SignInController_passkeyOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        challenge: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    SignInController_passkeyVerify: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    response: {
                        /** @default {} */
                        clientExtensionResults?: {
                            [key: string]: unknown;
                        };
                        id: string;
                        rawId: string;
                        response: {
                            clientDataJSON: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @enum {string} */
                        type: "public-key";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        expires_at: string;
                        token: string;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    AccountController_requestReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                };
            };
        };
        responses: {
            /** @description success */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "accepted";
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    AccountController_confirmReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                    token: string;
                };
            };
        };
        responses: {
            /** @description success */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description error
             *
             *     error
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    AuthController_register: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    name: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description success */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "accepted";
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    SsoLoginController_callback: {
        parameters: {
            query?: {
                code?: string;
                error?: string;
                iss?: string;
                state?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    SsoLoginController_start: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                };
            };
        };
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the provider's sign-in page */
                        redirect_url: string;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    AccountController_verify: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "verified";
                    };
                };
            };
            /**
             * @description error
             *
             *     error
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    AccountController_resend: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "accepted";
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    SsoConfigController_addon: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    enabled: boolean;
                };
            };
        };
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        addon: boolean;
                        plan: string;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    BillingController_subscription: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        limits: {
                            api_daily_quota: number | null;
                            retention_hours: number;
                            servers: number | null;
                        };
                        period: string;
                        plan: {
                            api_access: boolean;
                            /** @description null with api_access = per organisation (Enterprise) */
                            api_daily_quota: number | null;
                            discord_alerts: boolean;
                            id: string;
                            multi_channel_alerts: boolean;
                            name: string;
                            polling_intervals_seconds: {
                                [key: string]: number;
                            };
                            price: {
                                currency: string;
                                /** @description excluding VAT; null = custom (Enterprise) */
                                monthly: number | null;
                                yearly: number | null;
                            };
                            /** @description null = per organisation (Enterprise) */
                            retention_hours: number | null;
                            roles: boolean;
                            /** @description null = unlimited */
                            servers: number | null;
                            share_links: boolean;
                            sla: string | null;
                            status_pages: boolean;
                        };
                        started_at: string | null;
                        usage: {
                            servers: number;
                        };
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    BillingController_change: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @default monthly
                     * @enum {string}
                     */
                    period?: "monthly" | "yearly";
                    /** @enum {string} */
                    plan: "free" | "hobby" | "pro" | "team" | "enterprise";
                };
            };
        };
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        limits: {
                            api_daily_quota: number | null;
                            retention_hours: number;
                            servers: number | null;
                        };
                        period: string;
                        plan: {
                            api_access: boolean;
                            /** @description null with api_access = per organisation (Enterprise) */
                            api_daily_quota: number | null;
                            discord_alerts: boolean;
                            id: string;
                            multi_channel_alerts: boolean;
                            name: string;
                            polling_intervals_seconds: {
                                [key: string]: number;
                            };
                            price: {
                                currency: string;
                                /** @description excluding VAT; null = custom (Enterprise) */
                                monthly: number | null;
                                yearly: number | null;
                            };
                            /** @description null = per organisation (Enterprise) */
                            retention_hours: number | null;
                            roles: boolean;
                            /** @description null = unlimited */
                            servers: number | null;
                            share_links: boolean;
                            sla: string | null;
                            status_pages: boolean;
                        };
                        started_at: string | null;
                        usage: {
                            servers: number;
                        };
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    BillingController_usage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        api_requests: {
                            limit: number | null;
                            remaining: number | null;
                            reset_at: string;
                            /** @description requests counted today, including those leased by a replica but not yet spent */
                            used: number;
                        };
                        day: string;
                        servers: {
                            limit: number | null;
                            used: number;
                        };
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    ClientConfigController_get: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        realtime_url: string | null;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    AckLinkController_confirm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    AckLinkController_acknowledge: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    MembersController_accept: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: starts_with */
                    token: string;
                };
            };
        };
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        organisation: {
                            id: string;
                            name: string;
                        };
                        /** @enum {string} */
                        role: "admin" | "operator" | "viewer";
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    AuthController_me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        email: string;
                        email_verified: boolean;
                        /** Format: uuid */
                        id: string;
                        /** @enum {string|null} */
                        locale: "en" | "de" | "es" | "fr" | "nl" | null;
                        name: string;
                        /** Format: uuid */
                        organisation_id: string;
                        organisations: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            personal: boolean;
                            /** @enum {string} */
                            role: "admin" | "operator" | "viewer";
                        }[];
                        plan: {
                            api_access: boolean;
                            api_daily_quota: number | null;
                            /** @enum {string} */
                            id: "free" | "hobby" | "pro" | "team" | "enterprise";
                            intervals_seconds: {
                                addon: number;
                                drone_stations: number;
                                drones: number;
                                extractors: number;
                                factory: number;
                                generators: number;
                                health: number;
                                inventory: number;
                                players: number;
                                power: number;
                                production: number;
                                resource_sink: number;
                                session: number;
                                storage: number;
                                trains: number;
                            };
                            max_servers: number | null;
                            retention_hours: number;
                        };
                        /** @enum {string} */
                        role: "admin" | "operator" | "viewer";
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    AuthController_updateMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string|null} */
                    locale: "en" | "de" | "es" | "fr" | "nl" | null;
                };
            };
        };
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        email: string;
                        email_verified: boolean;
                        /** Format: uuid */
                        id: string;
                        /** @enum {string|null} */
                        locale: "en" | "de" | "es" | "fr" | "nl" | null;
                        name: string;
                        /** Format: uuid */
                        organisation_id: string;
                        organisations: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            personal: boolean;
                            /** @enum {string} */
                            role: "admin" | "operator" | "viewer";
                        }[];
                        plan: {
                            api_access: boolean;
                            api_daily_quota: number | null;
                            /** @enum {string} */
                            id: "free" | "hobby" | "pro" | "team" | "enterprise";
                            intervals_seconds: {
                                addon: number;
                                drone_stations: number;
                                drones: number;
                                extractors: number;
                                factory: number;
                                generators: number;
                                health: number;
                                inventory: number;
                                players: number;
                                power: number;
                                production: number;
                                resource_sink: number;
                                session: number;
                                storage: number;
                                trains: number;
                            };
                            max_servers: number | null;
                            retention_hours: number;
                        };
                        /** @enum {string} */
                        role: "admin" | "operator" | "viewer";
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    TwoFactorController_listPasskeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        /** Format: uuid */
                        id: string;
                        last_used_at: string | null;
                        name: string;
                    }[];
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    TwoFactorController_addPasskey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    response: {
                        /** @default {} */
                        clientExtensionResults?: {
                            [key: string]: unknown;
                        };
                        id: string;
                        rawId: string;
                        response: {
                            clientDataJSON: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @enum {string} */
                        type: "public-key";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        /** Format: uuid */
                        id: string;
                        last_used_at: string | null;
                        name: string;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    TwoFactorController_removePasskey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    TwoFactorController_renamePasskey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        /** Format: uuid */
                        id: string;
                        last_used_at: string | null;
                        name: string;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    TwoFactorController_passkeyOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        challenge: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    AccountController_changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    current_password: string;
                    new_password: string;
                };
            };
        };
        responses: {
            /** @description success */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description error
             *
             *     error
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    SessionsController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        current: boolean;
                        expires_at: string;
                        /** Format: uuid */
                        id: string;
                        ip: string | null;
                        last_used_at: string;
                        user_agent: string | null;
                    }[];
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    SessionsController_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    SessionsController_revokeAll: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    TwoFactorController_status: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        passkeys: number;
                        recovery_codes_remaining: number;
                        required_by: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                        }[];
                        totp_enabled: boolean;
                        totp_pending: boolean;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    TwoFactorController_regenerate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                };
            };
        };
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ten one-time codes, shown only in this answer */
                        recovery_codes: string[];
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    TwoFactorController_startTotp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        otpauth_uri: string;
                        /** @description the otpauth URI as a QR code: an SVG data URL */
                        qr_code: string;
                        secret: string;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    TwoFactorController_disableTotp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code?: string;
                    password?: string;
                };
            };
        };
        responses: {
            /** @description success */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    TwoFactorController_confirmTotp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                };
            };
        };
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ten one-time codes, shown only in this answer */
                        recovery_codes: string[];
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    PrometheusController_exposition: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain; version=0.0.4; charset=utf-8": string;
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain; version=0.0.4; charset=utf-8": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain; version=0.0.4; charset=utf-8": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    NotificationChannelsController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        enabled: boolean;
                        id: string;
                        /** @enum {string} */
                        kind: "discord" | "slack" | "teams" | "webhook" | "email" | "telegram";
                        last_delivery: {
                            at: string;
                            error: string | null;
                            status: string;
                        } | null;
                        /** @enum {string} */
                        locale: "en" | "de" | "es" | "fr" | "nl";
                        name: string;
                        recipients?: {
                            address: string;
                            confirmed: boolean;
                            expires_at: string | null;
                        }[];
                        target: string;
                        updated_at: string;
                    }[];
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    NotificationChannelsController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    config: {
                        [key: string]: unknown;
                    };
                    /** @default true */
                    enabled?: boolean;
                    /** @enum {string} */
                    kind: "discord" | "slack" | "teams" | "webhook" | "email" | "telegram";
                    /**
                     * @default en
                     * @enum {string}
                     */
                    locale?: "en" | "de" | "es" | "fr" | "nl";
                    name: string;
                };
            };
        };
        responses: {
            /** @description success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        enabled: boolean;
                        id: string;
                        /** @enum {string} */
                        kind: "discord" | "slack" | "teams" | "webhook" | "email" | "telegram";
                        last_delivery: {
                            at: string;
                            error: string | null;
                            status: string;
                        } | null;
                        /** @enum {string} */
                        locale: "en" | "de" | "es" | "fr" | "nl";
                        name: string;
                        recipients?: {
                            address: string;
                            confirmed: boolean;
                            expires_at: string | null;
                        }[];
                        signing_secret?: string;
                        target: string;
                        updated_at: string;
                    };
                };
            };
            /**
             * @description error
             *
             *     error
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    NotificationChannelsController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        enabled: boolean;
                        id: string;
                        /** @enum {string} */
                        kind: "discord" | "slack" | "teams" | "webhook" | "email" | "telegram";
                        last_delivery: {
                            at: string;
                            error: string | null;
                            status: string;
                        } | null;
                        /** @enum {string} */
                        locale: "en" | "de" | "es" | "fr" | "nl";
                        name: string;
                        recipients?: {
                            address: string;
                            confirmed: boolean;
                            expires_at: string | null;
                        }[];
                        target: string;
                        updated_at: string;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    NotificationChannelsController_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    NotificationChannelsController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    config?: {
                        [key: string]: unknown;
                    };
                    enabled?: boolean;
                    /** @enum {string} */
                    locale?: "en" | "de" | "es" | "fr" | "nl";
                    name?: string;
                    rotate_secret?: boolean;
                };
            };
        };
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        enabled: boolean;
                        id: string;
                        /** @enum {string} */
                        kind: "discord" | "slack" | "teams" | "webhook" | "email" | "telegram";
                        last_delivery: {
                            at: string;
                            error: string | null;
                            status: string;
                        } | null;
                        /** @enum {string} */
                        locale: "en" | "de" | "es" | "fr" | "nl";
                        name: string;
                        recipients?: {
                            address: string;
                            confirmed: boolean;
                            expires_at: string | null;
                        }[];
                        signing_secret?: string;
                        target: string;
                        updated_at: string;
                    };
                };
            };
            /**
             * @description error
             *
             *     error
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    NotificationChannelsController_resend: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pending: string[];
                        sent: number;
                    };
                };
            };
            /**
             * @description error
             *
             *     error
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    NotificationChannelsController_test: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivered: boolean;
                        duration_ms: number;
                        error: string | null;
                        receiver_answer: string | null;
                        receiver_status: number | null;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    MembersController_revokeInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    MembersController_resendInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invitation: {
                            created_at: string;
                            email: string;
                            expires_at: string;
                            id: string;
                            /** @enum {string} */
                            role: "admin" | "operator" | "viewer";
                        };
                        mail_sent: boolean;
                        remedy: string;
                        /** @enum {string} */
                        status: "invited";
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    MembersController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invitations: {
                            created_at: string;
                            email: string;
                            expires_at: string;
                            id: string;
                            /** @enum {string} */
                            role: "admin" | "operator" | "viewer";
                        }[];
                        members: {
                            email: string;
                            joined_at: string;
                            name: string;
                            owner: boolean;
                            /** @enum {string} */
                            role: "admin" | "operator" | "viewer";
                            user_id: string;
                        }[];
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    MembersController_invite: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    /** @enum {string} */
                    role: "admin" | "operator" | "viewer";
                };
            };
        };
        responses: {
            /** @description success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invitation: {
                            created_at: string;
                            email: string;
                            expires_at: string;
                            id: string;
                            /** @enum {string} */
                            role: "admin" | "operator" | "viewer";
                        };
                        mail_sent: boolean;
                        remedy: string;
                        /** @enum {string} */
                        status: "invited";
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    MembersController_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    MembersController_changeRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    role: "admin" | "operator" | "viewer";
                };
            };
        };
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    OrgSecurityController_view: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        available: boolean;
                        plan: string;
                        require_two_factor: boolean;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    OrgSecurityController_change: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    require_two_factor: boolean;
                };
            };
        };
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        available: boolean;
                        plan: string;
                        require_two_factor: boolean;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    SsoConfigController_status: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the Team plan's SSO add-on is on */
                        addon: boolean;
                        /** @description whether the plan (Enterprise, or Team with the SSO add-on) includes SSO */
                        available: boolean;
                        config: {
                            client_id: string;
                            /** @enum {boolean} */
                            client_secret_set: true;
                            /** @enum {string} */
                            default_role: "admin" | "operator" | "viewer";
                            domains: string[];
                            issuer: string;
                            jit_membership: boolean;
                            mfa_acr_values: string[];
                            /** @description register this redirect URI at the provider */
                            redirect_uri: string;
                            require_sso: boolean;
                            role_claim: string | null;
                            role_mapping: {
                                [key: string]: "admin" | "operator" | "viewer";
                            };
                            trust_idp_mfa: boolean;
                            trust_unverified_email: boolean;
                            updated_at: string;
                        } | null;
                        plan: string;
                        redirect_uri: string;
                        /** @description what unlocks SSO when unavailable */
                        required_plan: string | null;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    SsoConfigController_save: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    client_id: string;
                    /** @description required the first time; left out, the stored secret is kept */
                    client_secret?: string;
                    /**
                     * @description the role when no mapped value matches
                     * @default viewer
                     * @enum {string}
                     */
                    default_role?: "admin" | "operator" | "viewer";
                    /** @description e-mail domains whose users sign in through this provider; a domain belongs to one organisation */
                    domains: string[];
                    /** Format: uri */
                    issuer: string;
                    /**
                     * @description create the account and/or membership at the first sign-in
                     * @default true
                     */
                    jit_membership?: boolean;
                    /**
                     * @description the provider's acr values that mean a multi-factor sign-in (e.g. a Keycloak level of assurance)
                     * @default []
                     */
                    mfa_acr_values?: string[];
                    /**
                     * @description members must sign in with SSO to act in the organisation; the owner keeps password access
                     * @default false
                     */
                    require_sso?: boolean;
                    /**
                     * @description ID token claim holding roles
                     * @default null
                     */
                    role_claim?: string | null;
                    /**
                     * @description claim value -> role; the highest matching role wins
                     * @default {}
                     */
                    role_mapping?: {
                        [key: string]: "admin" | "operator" | "viewer";
                    };
                    /**
                     * @description the "two factors required" policy accepts a sign-in the provider asserts was multi-factor (ID token amr with mfa, otp or hwk, or an acr of mfa_acr_values): such SSO users need no factor of the platform
                     * @default true
                     */
                    trust_idp_mfa?: boolean;
                    /**
                     * @description accept ID tokens without email_verified=true (only for providers that never send it)
                     * @default false
                     */
                    trust_unverified_email?: boolean;
                };
            };
        };
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        client_id: string;
                        /** @enum {boolean} */
                        client_secret_set: true;
                        /** @enum {string} */
                        default_role: "admin" | "operator" | "viewer";
                        domains: string[];
                        issuer: string;
                        jit_membership: boolean;
                        mfa_acr_values: string[];
                        /** @description register this redirect URI at the provider */
                        redirect_uri: string;
                        require_sso: boolean;
                        role_claim: string | null;
                        role_mapping: {
                            [key: string]: "admin" | "operator" | "viewer";
                        };
                        trust_idp_mfa: boolean;
                        trust_unverified_email: boolean;
                        updated_at: string;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    SsoConfigController_remove: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    BillingController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        api_access: boolean;
                        /** @description null with api_access = per organisation (Enterprise) */
                        api_daily_quota: number | null;
                        discord_alerts: boolean;
                        id: string;
                        multi_channel_alerts: boolean;
                        name: string;
                        polling_intervals_seconds: {
                            [key: string]: number;
                        };
                        price: {
                            currency: string;
                            /** @description excluding VAT; null = custom (Enterprise) */
                            monthly: number | null;
                            yearly: number | null;
                        };
                        /** @description null = per organisation (Enterprise) */
                        retention_hours: number | null;
                        roles: boolean;
                        /** @description null = unlimited */
                        servers: number | null;
                        share_links: boolean;
                        sla: string | null;
                        status_pages: boolean;
                    }[];
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    PlayersController_search: {
        parameters: {
            query: {
                q: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        first_seen_at: string;
                        last_seen_at: string;
                        online: boolean;
                        /** Format: uuid */
                        player_id: string;
                        player_name: string;
                        /** Format: uuid */
                        server_id: string;
                        server_name: string;
                        session_count: number;
                    }[];
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    PublicShareController_server: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        expires_at: string | null;
                        kind: string;
                        server: {
                            addon_status: string;
                            last_seen_at: string | null;
                            name: string;
                            status: string;
                        };
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    PublicShareController_buildings: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
                recipe?: string;
                state?: "producing" | "idle" | "paused" | "unconfigured" | "stalled";
                type?: string;
            };
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            building_id: string;
                            /** @description null when not connected */
                            circuit_group_id: number | null;
                            class_name: string;
                            is_configured: boolean;
                            is_paused: boolean;
                            /** @description instantaneous: false while the output is full */
                            is_producing: boolean;
                            /** @description clock speed, percent */
                            manu_speed: number;
                            name: string;
                            /** @description cm */
                            pos_x: number;
                            /** @description cm */
                            pos_y: number;
                            /** @description cm */
                            pos_z: number;
                            /** @description MW */
                            power_consumed: number | null;
                            power_shards: number;
                            productivity: number;
                            /** @description null for an unconfigured machine */
                            recipe: string | null;
                            /** @description the save (session) the sample was taken in */
                            session_name: string | null;
                            somersloops: number;
                            /** @description output_full or input_starved when a configured, unpaused machine does not produce; else null */
                            stall: string | null;
                            /** @description ISO 8601 time of the poll */
                            time: string;
                        }[];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    PublicShareController_dashboard: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        addon: {
                            reason: string | null;
                            /** @description available, unavailable or unknown */
                            status: string;
                        };
                        drone_stations: {
                            /** @description items per minute in */
                            avg_inc_rate: number;
                            /** @description items per minute out */
                            avg_out_rate: number;
                            /** @description null when not connected */
                            circuit_group_id: number | null;
                            /** @description Docked, En Route, Not Enough Fuel, No Drone, … */
                            drone_status: string | null;
                            /** @description fuel items held */
                            fuel_amount: number;
                            /** @description the active fuel */
                            fuel_name: string | null;
                            /** @description estimated fuel items per minute */
                            fuel_rate: number | null;
                            /** @description seconds until the fuel held runs out at the estimated rate; null without a rate */
                            fuel_time_left_s: number | null;
                            name: string;
                            /** @description null for "None" */
                            paired_station: string | null;
                            /** @description cm */
                            pos_x: number;
                            /** @description cm */
                            pos_y: number;
                            /** @description cm */
                            pos_z: number;
                            /** @description MW */
                            power_consumed: number | null;
                            /** @description latest round trip, seconds */
                            round_trip_s: number | null;
                            /** @description the save (session) the sample was taken in */
                            session_name: string | null;
                            station_id: string;
                            /** @description ISO 8601 time of the poll */
                            time: string;
                            /** @description estimated stacks per minute */
                            transport_rate: number;
                        }[];
                        drones: {
                            /** @description null for "No Destination" */
                            destination: string | null;
                            drone_id: string;
                            /** @description Flying, Travelling, None or Unknown */
                            flying_mode: string | null;
                            /** @description km/h */
                            flying_speed: number;
                            home_station: string | null;
                            /** @description km/h */
                            max_speed: number;
                            name: string;
                            /** @description null for "None" */
                            paired_station: string | null;
                            /** @description cm */
                            pos_x: number;
                            /** @description cm */
                            pos_y: number;
                            /** @description cm */
                            pos_z: number;
                            /** @description the save (session) the sample was taken in */
                            session_name: string | null;
                            /** @description ISO 8601 time of the poll */
                            time: string;
                        }[];
                        extractors: {
                            /** @description null when not connected */
                            circuit_group_id: number | null;
                            class_name: string;
                            /** @description 100 = 100 % */
                            clock_percent: number;
                            /** @description per minute (m³/min for fluids) */
                            current_prod: number;
                            extractor_id: string;
                            is_configured: boolean;
                            is_paused: boolean;
                            is_producing: boolean;
                            /** @description per minute at the current clock */
                            max_prod: number;
                            name: string;
                            /** @description cm */
                            pos_x: number;
                            /** @description cm */
                            pos_y: number;
                            /** @description cm */
                            pos_z: number;
                            /** @description MW */
                            power_consumed: number | null;
                            /** @description 0-100 */
                            productivity: number;
                            /** @description Impure, Normal or Pure (derived for miners); null when unknown */
                            purity: string | null;
                            /** @description null when the extractor has no resource */
                            resource_class: string | null;
                            resource_name: string | null;
                            /** @description the save (session) the sample was taken in */
                            session_name: string | null;
                            /** @description ISO 8601 time of the poll */
                            time: string;
                        }[];
                        /** @description counts of the newest factory poll; GET …/buildings lists them */
                        factory: {
                            buildings: number;
                            idle: number;
                            paused: number;
                            producing: number;
                            stalled: number;
                            unconfigured: number;
                        } | null;
                        generators: {
                            /** @description seconds until the fuel held is burnt at the current output; null when unknown or not burning */
                            burn_time_left_s: number | null;
                            /** @description fuel (and water where needed) present */
                            can_start: boolean;
                            /** @description MW at the current clock */
                            capacity: number;
                            /** @description null when not connected */
                            circuit_group_id: number | null;
                            class_name: string;
                            /** @description 100 = 100 %, up to 250 with power shards */
                            clock_percent: number;
                            /** @description fuel held: items, or m³ for fluids */
                            fuel_amount: number;
                            /** @description item class of the fuel held; null when none (or geothermal) */
                            fuel_class: string | null;
                            /** @description Solid, Liquid, Gas, Geothermal or Unknown */
                            fuel_form: string | null;
                            fuel_name: string | null;
                            generator_id: string;
                            /** @description 0-100 */
                            load_percent: number;
                            name: string;
                            /** @description nuclear plants: Waste Full, Mismatch…; null otherwise */
                            nuclear_warning: string | null;
                            /** @description cm */
                            pos_x: number;
                            /** @description cm */
                            pos_y: number;
                            /** @description cm */
                            pos_z: number;
                            /** @description MW delivered now */
                            production: number;
                            /** @description the save (session) the sample was taken in */
                            session_name: string | null;
                            /** @description water buffer, 0-100; null without supplement */
                            supplement_percent: number | null;
                            /** @description ISO 8601 time of the poll */
                            time: string;
                        }[];
                        inventory: {
                            /** @description in storage containers (m³ for fluids) */
                            amount: number;
                            /** @description in the dimensional depot */
                            cloud_amount: number;
                            item_class: string;
                            item_name: string;
                            /** @description the save (session) the sample was taken in */
                            session_name: string | null;
                            /** @description one stack, not a container’s capacity */
                            stack_size: number;
                            /** @description ISO 8601 time of the poll */
                            time: string;
                        }[];
                        metrics: {
                            /** @description the raw game value (asset path or "None") */
                            game_phase: string | null;
                            /** @description the phase's name (e.g. "Construction Dock"), parsed from game_phase */
                            game_phase_name: string | null;
                            game_phase_number: number | null;
                            is_paused: boolean | null;
                            is_running: boolean | null;
                            /** @description round trip of the poll, milliseconds */
                            latency_ms: number | null;
                            player_count: number | null;
                            player_limit: number | null;
                            session_name: string | null;
                            /** @description online, degraded, offline or unknown (confirmed by two polls) */
                            status: string;
                            tech_tier: number | null;
                            /** @description average ticks per second (30 is full speed) */
                            tick_rate: number | null;
                            /** @description ISO 8601 time of the poll */
                            time: string;
                            /** @description seconds: the save's cumulative play time */
                            total_duration: number | null;
                        } | null;
                        players: {
                            /** @description 0-100 (FRM PlayerHP) */
                            health: number;
                            /**
                             * Format: uuid
                             * @description stable per server and FRM player
                             */
                            id: string;
                            is_dead: boolean;
                            is_online: boolean;
                            /** @description the last time the platform saw the player online (null only if never) */
                            last_seen_at: string | null;
                            name: string;
                            /** @description cm */
                            pos_x: number;
                            /** @description cm */
                            pos_y: number;
                            /** @description cm */
                            pos_z: number;
                            /** @description the save (session) the sample was taken in */
                            session_name: string | null;
                            /** @description km/h */
                            speed: number;
                            /** @description ISO 8601 time of the poll */
                            time: string;
                        }[];
                        power: {
                            /** @description MWh */
                            battery_capacity: number;
                            /** @description MW, positive = charging */
                            battery_differential: number;
                            /** @description MW */
                            battery_input: number;
                            /** @description MW */
                            battery_output: number;
                            /** @description 0-100 */
                            battery_percent: number;
                            /** @description seconds */
                            battery_time_empty_s: number | null;
                            /** @description seconds */
                            battery_time_full_s: number | null;
                            circuit_group_id: number;
                            fuse_triggered: boolean;
                            /** @description MW */
                            power_capacity: number;
                            /** @description MW */
                            power_consumed: number;
                            /** @description MW */
                            power_max_consumed: number;
                            /** @description MW */
                            power_production: number;
                            /** @description the save (session) the sample was taken in */
                            session_name: string | null;
                            /** @description ISO 8601 time of the poll */
                            time: string;
                        }[];
                        production: {
                            cons_percent: number;
                            /** @description per minute */
                            current_consumed: number;
                            /** @description per minute */
                            current_prod: number;
                            item_class: string;
                            /** @description Solid, Liquid, Gas, Invalid or Unknown */
                            item_form: string | null;
                            item_name: string;
                            /** @description per minute */
                            max_consumed: number;
                            /** @description per minute */
                            max_prod: number;
                            prod_percent: number;
                            /** @description the save (session) the sample was taken in */
                            session_name: string | null;
                            /** @description ISO 8601 time of the poll */
                            time: string;
                        }[];
                        resource_sink: {
                            /** @description progress to the next coupon, 0-1 */
                            coupon_progress: number;
                            /** @description coupons ready to print */
                            coupons: number;
                            /** @description FRM's latest points-per-minute figure */
                            points_per_minute: number;
                            /** @description points still needed for the next coupon */
                            points_to_coupon: number;
                            /** @description the save (session) the sample was taken in */
                            session_name: string | null;
                            /** @description ISO 8601 time of the poll */
                            time: string;
                            /** @description points earned on the track since the save began */
                            total_points: number;
                            /** @description Resource (the default track) */
                            track: string;
                        } | null;
                        /** Format: uuid */
                        server_id: string;
                        session: {
                            /** @description in-game clock */
                            day_hours: number | null;
                            /** @description in-game clock */
                            day_minutes: number | null;
                            is_day: boolean | null;
                            is_paused: boolean;
                            /** @description in-game days since the save began */
                            passed_days: number | null;
                            session_name: string;
                            /** @description ISO 8601 time of the poll */
                            time: string;
                            /** @description the save's play time, seconds */
                            total_play_s: number;
                        } | null;
                        /** @description online, degraded, offline or unknown */
                        status: string;
                        /** @description counts of the newest storage poll; GET …/world-inventory searches it */
                        storage: {
                            containers: number;
                            entries: number;
                        } | null;
                        trains: {
                            derailed: boolean;
                            /** @description raw enum, e.g. TDS_Docked */
                            docking: string | null;
                            /** @description km/h */
                            forward_speed: number;
                            /** @description kg */
                            max_payload_mass: number;
                            name: string;
                            /** @description raw enum, e.g. PDE_NoError */
                            path: string | null;
                            /** @description kg */
                            payload_mass: number;
                            pending_derail: boolean;
                            /** @description cm */
                            pos_x: number;
                            /** @description cm */
                            pos_y: number;
                            /** @description cm */
                            pos_z: number;
                            /** @description MW */
                            power_consumed: number | null;
                            /** @description raw enum, e.g. SDLE_NoError */
                            self_driving: string | null;
                            /** @description the save (session) the sample was taken in */
                            session_name: string | null;
                            /** @description current or next stop; null for "No Station" */
                            station: string | null;
                            /** @description Parked, Manual Driving, Self-Driving, Derailed or Unknown */
                            status: string;
                            throttle_percent: number;
                            /** @description ISO 8601 time of the poll */
                            time: string;
                            /** @description kg */
                            total_mass: number;
                            train_id: string;
                        }[];
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    PublicShareController_droneStations: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description items per minute in */
                        avg_inc_rate: number;
                        /** @description items per minute out */
                        avg_out_rate: number;
                        /** @description null when not connected */
                        circuit_group_id: number | null;
                        /** @description Docked, En Route, Not Enough Fuel, No Drone, … */
                        drone_status: string | null;
                        /** @description fuel items held */
                        fuel_amount: number;
                        /** @description the active fuel */
                        fuel_name: string | null;
                        /** @description estimated fuel items per minute */
                        fuel_rate: number | null;
                        /** @description seconds until the fuel held runs out at the estimated rate; null without a rate */
                        fuel_time_left_s: number | null;
                        name: string;
                        /** @description null for "None" */
                        paired_station: string | null;
                        /** @description cm */
                        pos_x: number;
                        /** @description cm */
                        pos_y: number;
                        /** @description cm */
                        pos_z: number;
                        /** @description MW */
                        power_consumed: number | null;
                        /** @description latest round trip, seconds */
                        round_trip_s: number | null;
                        /** @description the save (session) the sample was taken in */
                        session_name: string | null;
                        station_id: string;
                        /** @description ISO 8601 time of the poll */
                        time: string;
                        /** @description estimated stacks per minute */
                        transport_rate: number;
                    }[];
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    PublicShareController_drones: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description null for "No Destination" */
                        destination: string | null;
                        drone_id: string;
                        /** @description Flying, Travelling, None or Unknown */
                        flying_mode: string | null;
                        /** @description km/h */
                        flying_speed: number;
                        home_station: string | null;
                        /** @description km/h */
                        max_speed: number;
                        name: string;
                        /** @description null for "None" */
                        paired_station: string | null;
                        /** @description cm */
                        pos_x: number;
                        /** @description cm */
                        pos_y: number;
                        /** @description cm */
                        pos_z: number;
                        /** @description the save (session) the sample was taken in */
                        session_name: string | null;
                        /** @description ISO 8601 time of the poll */
                        time: string;
                    }[];
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    PublicShareController_extractors: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description null when not connected */
                        circuit_group_id: number | null;
                        class_name: string;
                        /** @description 100 = 100 % */
                        clock_percent: number;
                        /** @description per minute (m³/min for fluids) */
                        current_prod: number;
                        extractor_id: string;
                        is_configured: boolean;
                        is_paused: boolean;
                        is_producing: boolean;
                        /** @description per minute at the current clock */
                        max_prod: number;
                        name: string;
                        /** @description cm */
                        pos_x: number;
                        /** @description cm */
                        pos_y: number;
                        /** @description cm */
                        pos_z: number;
                        /** @description MW */
                        power_consumed: number | null;
                        /** @description 0-100 */
                        productivity: number;
                        /** @description Impure, Normal or Pure (derived for miners); null when unknown */
                        purity: string | null;
                        /** @description null when the extractor has no resource */
                        resource_class: string | null;
                        resource_name: string | null;
                        /** @description the save (session) the sample was taken in */
                        session_name: string | null;
                        /** @description ISO 8601 time of the poll */
                        time: string;
                    }[];
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    PublicShareController_generators: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description seconds until the fuel held is burnt at the current output; null when unknown or not burning */
                        burn_time_left_s: number | null;
                        /** @description fuel (and water where needed) present */
                        can_start: boolean;
                        /** @description MW at the current clock */
                        capacity: number;
                        /** @description null when not connected */
                        circuit_group_id: number | null;
                        class_name: string;
                        /** @description 100 = 100 %, up to 250 with power shards */
                        clock_percent: number;
                        /** @description fuel held: items, or m³ for fluids */
                        fuel_amount: number;
                        /** @description item class of the fuel held; null when none (or geothermal) */
                        fuel_class: string | null;
                        /** @description Solid, Liquid, Gas, Geothermal or Unknown */
                        fuel_form: string | null;
                        fuel_name: string | null;
                        generator_id: string;
                        /** @description 0-100 */
                        load_percent: number;
                        name: string;
                        /** @description nuclear plants: Waste Full, Mismatch…; null otherwise */
                        nuclear_warning: string | null;
                        /** @description cm */
                        pos_x: number;
                        /** @description cm */
                        pos_y: number;
                        /** @description cm */
                        pos_z: number;
                        /** @description MW delivered now */
                        production: number;
                        /** @description the save (session) the sample was taken in */
                        session_name: string | null;
                        /** @description water buffer, 0-100; null without supplement */
                        supplement_percent: number | null;
                        /** @description ISO 8601 time of the poll */
                        time: string;
                    }[];
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    PublicShareHistoryController_generatorsHistory: {
        parameters: {
            query?: {
                from?: string;
                session?: string;
                step?: string;
                to?: string;
            };
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        buckets: {
                            /** @description MW: the sum of each generator’s highest capacity */
                            capacity_sum: number;
                            /** @description null: no fuel held (and geothermal) */
                            fuel_name: string | null;
                            /** @description generators of this fuel in the bucket */
                            generators: number;
                            /** @description MW: the sum of each generator’s average production */
                            production_sum: number;
                            /** @description the save the samples were taken in */
                            session_name: string | null;
                            /** @description start of the bucket (ISO 8601) */
                            time: string;
                        }[];
                        from: string;
                        retention_hours: number;
                        step_seconds: number;
                        to: string;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    PublicShareHistoryController_metricsHistory: {
        parameters: {
            query?: {
                from?: string;
                step?: string;
                to?: string;
            };
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        buckets: {
                            player_count_avg: number | null;
                            player_count_max: number | null;
                            /** @description samples in the bucket */
                            samples: number;
                            tick_rate_avg: number | null;
                            tick_rate_max: number | null;
                            tick_rate_min: number | null;
                            /** @description start of the bucket (ISO 8601) */
                            time: string;
                        }[];
                        from: string;
                        retention_hours: number;
                        step_seconds: number;
                        to: string;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    PublicShareController_latest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the raw game value (asset path or "None") */
                        game_phase: string | null;
                        /** @description the phase's name (e.g. "Construction Dock"), parsed from game_phase */
                        game_phase_name: string | null;
                        game_phase_number: number | null;
                        is_paused: boolean | null;
                        is_running: boolean | null;
                        /** @description round trip of the poll, milliseconds */
                        latency_ms: number | null;
                        player_count: number | null;
                        player_limit: number | null;
                        session_name: string | null;
                        /** @description online, degraded, offline or unknown (confirmed by two polls) */
                        status: string;
                        tech_tier: number | null;
                        /** @description average ticks per second (30 is full speed) */
                        tick_rate: number | null;
                        /** @description ISO 8601 time of the poll */
                        time: string;
                        /** @description seconds: the save's cumulative play time */
                        total_duration: number | null;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    PublicShareController_players: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    /** @description present when another page follows: `<…?limit=…&cursor=…>; rel="next"` */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description 0-100 (FRM PlayerHP) */
                        health: number;
                        /**
                         * Format: uuid
                         * @description stable per server and FRM player
                         */
                        id: string;
                        is_dead: boolean;
                        is_online: boolean;
                        /** @description the last time the platform saw the player online (null only if never) */
                        last_seen_at: string | null;
                        name: string;
                        /** @description cm */
                        pos_x: number;
                        /** @description cm */
                        pos_y: number;
                        /** @description cm */
                        pos_z: number;
                        /** @description the save (session) the sample was taken in */
                        session_name: string | null;
                        /** @description km/h */
                        speed: number;
                        /** @description ISO 8601 time of the poll */
                        time: string;
                    }[];
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    PublicShareHistoryController_playersHistory: {
        parameters: {
            query?: {
                from?: string;
                session?: string;
                step?: string;
                to?: string;
            };
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        buckets: {
                            players_known: number;
                            players_online: number;
                            /** @description polls in the bucket */
                            samples: number;
                            /** @description the save the samples were taken in */
                            session_name: string | null;
                            /** @description start of the bucket (ISO 8601) */
                            time: string;
                        }[];
                        from: string;
                        retention_hours: number;
                        step_seconds: number;
                        to: string;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    PublicShareHistoryController_playersTrails: {
        parameters: {
            query?: {
                from?: string;
                session?: string;
                step?: string;
                to?: string;
            };
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        buckets: {
                            /**
                             * Format: uuid
                             * @description the player's id (as in /players)
                             */
                            id: string;
                            name: string;
                            /** @description cm, the average position of the bucket */
                            pos_x: number;
                            /** @description cm */
                            pos_y: number;
                            /** @description polls in the bucket that saw the player online */
                            samples: number;
                            /** @description the save the samples were taken in */
                            session_name: string | null;
                            /** @description start of the bucket (ISO 8601) */
                            time: string;
                        }[];
                        from: string;
                        retention_hours: number;
                        step_seconds: number;
                        to: string;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    PublicShareHistoryController_powerHistory: {
        parameters: {
            query?: {
                circuit?: number;
                from?: string;
                session?: string;
                step?: string;
                to?: string;
            };
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        buckets: {
                            battery_percent_avg: number;
                            battery_percent_min: number;
                            circuit_group_id: number;
                            /** @description the fuse blew in the bucket */
                            fuse_triggered: boolean;
                            /** @description MW */
                            power_capacity_max: number;
                            /** @description MW */
                            power_consumed_avg: number;
                            /** @description MW */
                            power_production_avg: number;
                            /** @description samples in the bucket */
                            samples: number;
                            /** @description start of the bucket (ISO 8601) */
                            time: string;
                        }[];
                        from: string;
                        retention_hours: number;
                        step_seconds: number;
                        to: string;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    PublicShareController_power: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description MWh */
                        battery_capacity: number;
                        /** @description MW, positive = charging */
                        battery_differential: number;
                        /** @description MW */
                        battery_input: number;
                        /** @description MW */
                        battery_output: number;
                        /** @description 0-100 */
                        battery_percent: number;
                        /** @description seconds */
                        battery_time_empty_s: number | null;
                        /** @description seconds */
                        battery_time_full_s: number | null;
                        circuit_group_id: number;
                        fuse_triggered: boolean;
                        /** @description MW */
                        power_capacity: number;
                        /** @description MW */
                        power_consumed: number;
                        /** @description MW */
                        power_max_consumed: number;
                        /** @description MW */
                        power_production: number;
                        /** @description the save (session) the sample was taken in */
                        session_name: string | null;
                        /** @description ISO 8601 time of the poll */
                        time: string;
                    }[];
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    PublicShareHistoryController_productionHistory: {
        parameters: {
            query?: {
                from?: string;
                item?: string;
                session?: string;
                step?: string;
                to?: string;
            };
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        buckets: {
                            /** @description per minute */
                            current_consumed_avg: number;
                            /** @description per minute */
                            current_prod_avg: number;
                            item_class: string;
                            /** @description per minute */
                            max_prod_max: number;
                            /** @description samples in the bucket */
                            samples: number;
                            /** @description the save the samples were taken in */
                            session_name: string | null;
                            /** @description start of the bucket (ISO 8601) */
                            time: string;
                        }[];
                        from: string;
                        retention_hours: number;
                        step_seconds: number;
                        to: string;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    PublicShareController_production: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cons_percent: number;
                        /** @description per minute */
                        current_consumed: number;
                        /** @description per minute */
                        current_prod: number;
                        item_class: string;
                        /** @description Solid, Liquid, Gas, Invalid or Unknown */
                        item_form: string | null;
                        item_name: string;
                        /** @description per minute */
                        max_consumed: number;
                        /** @description per minute */
                        max_prod: number;
                        prod_percent: number;
                        /** @description the save (session) the sample was taken in */
                        session_name: string | null;
                        /** @description ISO 8601 time of the poll */
                        time: string;
                    }[];
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    PublicShareController_resourceSink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description progress to the next coupon, 0-1 */
                        coupon_progress: number;
                        /** @description coupons ready to print */
                        coupons: number;
                        /** @description FRM's latest points-per-minute figure */
                        points_per_minute: number;
                        /** @description points still needed for the next coupon */
                        points_to_coupon: number;
                        /** @description the save (session) the sample was taken in */
                        session_name: string | null;
                        /** @description ISO 8601 time of the poll */
                        time: string;
                        /** @description points earned on the track since the save began */
                        total_points: number;
                        /** @description Resource (the default track) */
                        track: string;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    PublicShareHistoryController_resourceSinkHistory: {
        parameters: {
            query?: {
                from?: string;
                session?: string;
                step?: string;
                to?: string;
            };
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        buckets: {
                            coupons_max: number;
                            points_per_minute_avg: number;
                            /** @description samples in the bucket */
                            samples: number;
                            /** @description the save the samples were taken in */
                            session_name: string | null;
                            /** @description start of the bucket (ISO 8601) */
                            time: string;
                            total_points_max: number;
                            track: string;
                        }[];
                        from: string;
                        retention_hours: number;
                        step_seconds: number;
                        to: string;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    PublicShareController_session: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description in-game clock */
                        day_hours: number | null;
                        /** @description in-game clock */
                        day_minutes: number | null;
                        is_day: boolean | null;
                        is_paused: boolean;
                        /** @description in-game days since the save began */
                        passed_days: number | null;
                        session_name: string;
                        /** @description ISO 8601 time of the poll */
                        time: string;
                        /** @description the save's play time, seconds */
                        total_play_s: number;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    PublicShareController_trains: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        derailed: boolean;
                        /** @description raw enum, e.g. TDS_Docked */
                        docking: string | null;
                        /** @description km/h */
                        forward_speed: number;
                        /** @description kg */
                        max_payload_mass: number;
                        name: string;
                        /** @description raw enum, e.g. PDE_NoError */
                        path: string | null;
                        /** @description kg */
                        payload_mass: number;
                        pending_derail: boolean;
                        /** @description cm */
                        pos_x: number;
                        /** @description cm */
                        pos_y: number;
                        /** @description cm */
                        pos_z: number;
                        /** @description MW */
                        power_consumed: number | null;
                        /** @description raw enum, e.g. SDLE_NoError */
                        self_driving: string | null;
                        /** @description the save (session) the sample was taken in */
                        session_name: string | null;
                        /** @description current or next stop; null for "No Station" */
                        station: string | null;
                        /** @description Parked, Manual Driving, Self-Driving, Derailed or Unknown */
                        status: string;
                        throttle_percent: number;
                        /** @description ISO 8601 time of the poll */
                        time: string;
                        /** @description kg */
                        total_mass: number;
                        train_id: string;
                    }[];
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    PublicShareController_inventory: {
        parameters: {
            query?: {
                q?: string;
            };
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description in storage containers (m³ for fluids) */
                        amount: number;
                        /** @description in the dimensional depot */
                        cloud_amount: number;
                        /** @description the storage containers holding the item (newest storage poll), largest amount first, at most 50 */
                        containers: {
                            amount: number;
                            class_name: string;
                            container_id: string;
                            container_name: string;
                            /** @description cm */
                            pos_x: number;
                            /** @description cm */
                            pos_y: number;
                            /** @description cm */
                            pos_z: number;
                        }[];
                        item_class: string;
                        item_name: string;
                        /** @description the save (session) the sample was taken in */
                        session_name: string | null;
                        /** @description one stack, not a container’s capacity */
                        stack_size: number;
                        /** @description ISO 8601 time of the poll */
                        time: string;
                    }[];
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    ServersController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        addon_http_port: number;
                        /** @enum {string} */
                        addon_status: "unknown" | "available" | "unavailable";
                        addon_ws_port: number;
                        created_at: string;
                        host: string;
                        /** Format: uuid */
                        id: string;
                        last_seen_at: string | null;
                        name: string;
                        port: number;
                        /** @enum {string} */
                        status: "unknown" | "online" | "degraded" | "offline" | "loading";
                    }[];
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    ServersController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default 8080 */
                    addon_http_port?: number;
                    /** @default 8081 */
                    addon_ws_port?: number;
                    admin_password: string;
                    host: string;
                    name: string;
                    /** @default 7777 */
                    port?: number;
                };
            };
        };
        responses: {
            /** @description with Accept: application/x-ndjson: the probe steps live, one JSON object per line */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/x-ndjson": {
                        duration_ms: number;
                        observed: string;
                        ok: boolean;
                        step: string;
                        /** @enum {string} */
                        type: "step";
                    } | {
                        server: {
                            addon_http_port: number;
                            /** @enum {string} */
                            addon_status: "unknown" | "available" | "unavailable";
                            addon_ws_port: number;
                            created_at: string;
                            diagnostics: {
                                addon_via: string | null;
                                game: {
                                    changelist: number;
                                    state: string;
                                    version: string;
                                } | null;
                                ok: boolean;
                                steps: {
                                    duration_ms: number;
                                    observed: string;
                                    ok: boolean;
                                    step: string;
                                }[];
                            };
                            host: string;
                            /** Format: uuid */
                            id: string;
                            last_seen_at: string | null;
                            name: string;
                            port: number;
                            /** @enum {string} */
                            status: "unknown" | "online" | "degraded" | "offline" | "loading";
                        };
                        /** @enum {string} */
                        type: "created";
                    } | {
                        error: {
                            code: string;
                            details?: {
                                [key: string]: unknown;
                            };
                            message: string;
                            remedy?: string;
                        };
                        request_id: string;
                        status: number;
                        /** @enum {string} */
                        type: "error";
                    };
                };
            };
            /** @description success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        addon_http_port: number;
                        /** @enum {string} */
                        addon_status: "unknown" | "available" | "unavailable";
                        addon_ws_port: number;
                        created_at: string;
                        diagnostics: {
                            addon_via: string | null;
                            game: {
                                changelist: number;
                                state: string;
                                version: string;
                            } | null;
                            ok: boolean;
                            steps: {
                                duration_ms: number;
                                observed: string;
                                ok: boolean;
                                step: string;
                            }[];
                        };
                        host: string;
                        /** Format: uuid */
                        id: string;
                        last_seen_at: string | null;
                        name: string;
                        port: number;
                        /** @enum {string} */
                        status: "unknown" | "online" | "degraded" | "offline" | "loading";
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    ServersController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        addon_http_port: number;
                        /** @enum {string} */
                        addon_status: "unknown" | "available" | "unavailable";
                        addon_ws_port: number;
                        created_at: string;
                        host: string;
                        /** Format: uuid */
                        id: string;
                        last_seen_at: string | null;
                        name: string;
                        port: number;
                        /** @enum {string} */
                        status: "unknown" | "online" | "degraded" | "offline" | "loading";
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    ServersController_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    ServersController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    addon_http_port?: number;
                    addon_ws_port?: number;
                    admin_password?: string;
                    name?: string;
                    port?: number;
                };
            };
        };
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        addon_http_port: number;
                        /** @enum {string} */
                        addon_status: "unknown" | "available" | "unavailable";
                        addon_ws_port: number;
                        created_at: string;
                        host: string;
                        /** Format: uuid */
                        id: string;
                        last_seen_at: string | null;
                        name: string;
                        port: number;
                        /** @enum {string} */
                        status: "unknown" | "online" | "degraded" | "offline" | "loading";
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    AlertRulesController_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        channel_ids: string[] | null;
                        created_at: string;
                        enabled: boolean;
                        firing: {
                            incident_id: string | null;
                            instance: string;
                            since: string;
                        }[];
                        id: string;
                        kind: string;
                        name: string;
                        notify_on_recovery: boolean;
                        params: {
                            [key: string]: number;
                        };
                        pending_polls: number;
                        pending_seconds: number;
                        preset: boolean;
                        repeat_seconds: number;
                        server_id: string | null;
                        /** @enum {string} */
                        severity: "info" | "warning" | "critical";
                        /** @enum {string} */
                        state: "ok" | "pending" | "firing";
                        updated_at: string;
                    }[];
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    AlertRulesController_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    channel_ids?: string[] | null;
                    enabled?: boolean;
                    /** @enum {string} */
                    kind: "server_offline" | "degraded" | "tick_rate_below" | "player_joined" | "player_left" | "player_count_above" | "player_count_below" | "fuse_tripped" | "battery_below" | "battery_draining" | "power_over_capacity" | "train_derailed" | "addon_lost" | "production_deficit" | "capacity_underused" | "battery_empty_soon" | "capacity_headroom" | "generator_fuel_low" | "extractor_stopped" | "drone_station_stopped" | "stock_empty_soon" | "sink_points_below" | "session_changed";
                    name?: string;
                    notify_on_recovery?: boolean;
                    params?: {
                        [key: string]: number;
                    };
                    pending_polls?: number;
                    pending_seconds?: number;
                    repeat_seconds?: number;
                    /** @enum {string} */
                    severity?: "info" | "warning" | "critical";
                };
            };
        };
        responses: {
            /** @description success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        channel_ids: string[] | null;
                        created_at: string;
                        enabled: boolean;
                        firing: {
                            incident_id: string | null;
                            instance: string;
                            since: string;
                        }[];
                        id: string;
                        kind: string;
                        name: string;
                        notify_on_recovery: boolean;
                        params: {
                            [key: string]: number;
                        };
                        pending_polls: number;
                        pending_seconds: number;
                        preset: boolean;
                        repeat_seconds: number;
                        server_id: string | null;
                        /** @enum {string} */
                        severity: "info" | "warning" | "critical";
                        /** @enum {string} */
                        state: "ok" | "pending" | "firing";
                        updated_at: string;
                    };
                };
            };
            /**
             * @description error
             *
             *     error
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    AlertRulesController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                ruleId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        channel_ids: string[] | null;
                        created_at: string;
                        enabled: boolean;
                        firing: {
                            incident_id: string | null;
                            instance: string;
                            since: string;
                        }[];
                        id: string;
                        kind: string;
                        name: string;
                        notify_on_recovery: boolean;
                        params: {
                            [key: string]: number;
                        };
                        pending_polls: number;
                        pending_seconds: number;
                        preset: boolean;
                        repeat_seconds: number;
                        server_id: string | null;
                        /** @enum {string} */
                        severity: "info" | "warning" | "critical";
                        /** @enum {string} */
                        state: "ok" | "pending" | "firing";
                        updated_at: string;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    AlertRulesController_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                ruleId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    AlertRulesController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                ruleId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    channel_ids?: string[] | null;
                    enabled?: boolean;
                    name?: string;
                    notify_on_recovery?: boolean;
                    params?: {
                        [key: string]: number;
                    };
                    pending_polls?: number;
                    pending_seconds?: number;
                    repeat_seconds?: number;
                    /** @enum {string} */
                    severity?: "info" | "warning" | "critical";
                };
            };
        };
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        channel_ids: string[] | null;
                        created_at: string;
                        enabled: boolean;
                        firing: {
                            incident_id: string | null;
                            instance: string;
                            since: string;
                        }[];
                        id: string;
                        kind: string;
                        name: string;
                        notify_on_recovery: boolean;
                        params: {
                            [key: string]: number;
                        };
                        pending_polls: number;
                        pending_seconds: number;
                        preset: boolean;
                        repeat_seconds: number;
                        server_id: string | null;
                        /** @enum {string} */
                        severity: "info" | "warning" | "critical";
                        /** @enum {string} */
                        state: "ok" | "pending" | "firing";
                        updated_at: string;
                    };
                };
            };
            /**
             * @description error
             *
             *     error
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    MetricsController_buildings: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
                recipe?: string;
                state?: "producing" | "idle" | "paused" | "unconfigured" | "stalled";
                type?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            building_id: string;
                            /** @description null when not connected */
                            circuit_group_id: number | null;
                            class_name: string;
                            is_configured: boolean;
                            is_paused: boolean;
                            /** @description instantaneous: false while the output is full */
                            is_producing: boolean;
                            /** @description clock speed, percent */
                            manu_speed: number;
                            name: string;
                            /** @description cm */
                            pos_x: number;
                            /** @description cm */
                            pos_y: number;
                            /** @description cm */
                            pos_z: number;
                            /** @description MW */
                            power_consumed: number | null;
                            power_shards: number;
                            productivity: number;
                            /** @description null for an unconfigured machine */
                            recipe: string | null;
                            /** @description the save (session) the sample was taken in */
                            session_name: string | null;
                            somersloops: number;
                            /** @description output_full or input_starved when a configured, unpaused machine does not produce; else null */
                            stall: string | null;
                            /** @description ISO 8601 time of the poll */
                            time: string;
                        }[];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    MetricsController_dashboard: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        addon: {
                            reason: string | null;
                            /** @description available, unavailable or unknown */
                            status: string;
                        };
                        drone_stations: {
                            /** @description items per minute in */
                            avg_inc_rate: number;
                            /** @description items per minute out */
                            avg_out_rate: number;
                            /** @description null when not connected */
                            circuit_group_id: number | null;
                            /** @description Docked, En Route, Not Enough Fuel, No Drone, … */
                            drone_status: string | null;
                            /** @description fuel items held */
                            fuel_amount: number;
                            /** @description the active fuel */
                            fuel_name: string | null;
                            /** @description estimated fuel items per minute */
                            fuel_rate: number | null;
                            /** @description seconds until the fuel held runs out at the estimated rate; null without a rate */
                            fuel_time_left_s: number | null;
                            name: string;
                            /** @description null for "None" */
                            paired_station: string | null;
                            /** @description cm */
                            pos_x: number;
                            /** @description cm */
                            pos_y: number;
                            /** @description cm */
                            pos_z: number;
                            /** @description MW */
                            power_consumed: number | null;
                            /** @description latest round trip, seconds */
                            round_trip_s: number | null;
                            /** @description the save (session) the sample was taken in */
                            session_name: string | null;
                            station_id: string;
                            /** @description ISO 8601 time of the poll */
                            time: string;
                            /** @description estimated stacks per minute */
                            transport_rate: number;
                        }[];
                        drones: {
                            /** @description null for "No Destination" */
                            destination: string | null;
                            drone_id: string;
                            /** @description Flying, Travelling, None or Unknown */
                            flying_mode: string | null;
                            /** @description km/h */
                            flying_speed: number;
                            home_station: string | null;
                            /** @description km/h */
                            max_speed: number;
                            name: string;
                            /** @description null for "None" */
                            paired_station: string | null;
                            /** @description cm */
                            pos_x: number;
                            /** @description cm */
                            pos_y: number;
                            /** @description cm */
                            pos_z: number;
                            /** @description the save (session) the sample was taken in */
                            session_name: string | null;
                            /** @description ISO 8601 time of the poll */
                            time: string;
                        }[];
                        extractors: {
                            /** @description null when not connected */
                            circuit_group_id: number | null;
                            class_name: string;
                            /** @description 100 = 100 % */
                            clock_percent: number;
                            /** @description per minute (m³/min for fluids) */
                            current_prod: number;
                            extractor_id: string;
                            is_configured: boolean;
                            is_paused: boolean;
                            is_producing: boolean;
                            /** @description per minute at the current clock */
                            max_prod: number;
                            name: string;
                            /** @description cm */
                            pos_x: number;
                            /** @description cm */
                            pos_y: number;
                            /** @description cm */
                            pos_z: number;
                            /** @description MW */
                            power_consumed: number | null;
                            /** @description 0-100 */
                            productivity: number;
                            /** @description Impure, Normal or Pure (derived for miners); null when unknown */
                            purity: string | null;
                            /** @description null when the extractor has no resource */
                            resource_class: string | null;
                            resource_name: string | null;
                            /** @description the save (session) the sample was taken in */
                            session_name: string | null;
                            /** @description ISO 8601 time of the poll */
                            time: string;
                        }[];
                        /** @description counts of the newest factory poll; GET …/buildings lists them */
                        factory: {
                            buildings: number;
                            idle: number;
                            paused: number;
                            producing: number;
                            stalled: number;
                            unconfigured: number;
                        } | null;
                        generators: {
                            /** @description seconds until the fuel held is burnt at the current output; null when unknown or not burning */
                            burn_time_left_s: number | null;
                            /** @description fuel (and water where needed) present */
                            can_start: boolean;
                            /** @description MW at the current clock */
                            capacity: number;
                            /** @description null when not connected */
                            circuit_group_id: number | null;
                            class_name: string;
                            /** @description 100 = 100 %, up to 250 with power shards */
                            clock_percent: number;
                            /** @description fuel held: items, or m³ for fluids */
                            fuel_amount: number;
                            /** @description item class of the fuel held; null when none (or geothermal) */
                            fuel_class: string | null;
                            /** @description Solid, Liquid, Gas, Geothermal or Unknown */
                            fuel_form: string | null;
                            fuel_name: string | null;
                            generator_id: string;
                            /** @description 0-100 */
                            load_percent: number;
                            name: string;
                            /** @description nuclear plants: Waste Full, Mismatch…; null otherwise */
                            nuclear_warning: string | null;
                            /** @description cm */
                            pos_x: number;
                            /** @description cm */
                            pos_y: number;
                            /** @description cm */
                            pos_z: number;
                            /** @description MW delivered now */
                            production: number;
                            /** @description the save (session) the sample was taken in */
                            session_name: string | null;
                            /** @description water buffer, 0-100; null without supplement */
                            supplement_percent: number | null;
                            /** @description ISO 8601 time of the poll */
                            time: string;
                        }[];
                        inventory: {
                            /** @description in storage containers (m³ for fluids) */
                            amount: number;
                            /** @description in the dimensional depot */
                            cloud_amount: number;
                            item_class: string;
                            item_name: string;
                            /** @description the save (session) the sample was taken in */
                            session_name: string | null;
                            /** @description one stack, not a container’s capacity */
                            stack_size: number;
                            /** @description ISO 8601 time of the poll */
                            time: string;
                        }[];
                        metrics: {
                            /** @description the raw game value (asset path or "None") */
                            game_phase: string | null;
                            /** @description the phase's name (e.g. "Construction Dock"), parsed from game_phase */
                            game_phase_name: string | null;
                            game_phase_number: number | null;
                            is_paused: boolean | null;
                            is_running: boolean | null;
                            /** @description round trip of the poll, milliseconds */
                            latency_ms: number | null;
                            player_count: number | null;
                            player_limit: number | null;
                            session_name: string | null;
                            /** @description online, degraded, offline or unknown (confirmed by two polls) */
                            status: string;
                            tech_tier: number | null;
                            /** @description average ticks per second (30 is full speed) */
                            tick_rate: number | null;
                            /** @description ISO 8601 time of the poll */
                            time: string;
                            /** @description seconds: the save's cumulative play time */
                            total_duration: number | null;
                        } | null;
                        players: {
                            /** @description 0-100 (FRM PlayerHP) */
                            health: number;
                            /**
                             * Format: uuid
                             * @description stable per server and FRM player
                             */
                            id: string;
                            is_dead: boolean;
                            is_online: boolean;
                            /** @description the last time the platform saw the player online (null only if never) */
                            last_seen_at: string | null;
                            name: string;
                            /** @description cm */
                            pos_x: number;
                            /** @description cm */
                            pos_y: number;
                            /** @description cm */
                            pos_z: number;
                            /** @description the save (session) the sample was taken in */
                            session_name: string | null;
                            /** @description km/h */
                            speed: number;
                            /** @description ISO 8601 time of the poll */
                            time: string;
                        }[];
                        power: {
                            /** @description MWh */
                            battery_capacity: number;
                            /** @description MW, positive = charging */
                            battery_differential: number;
                            /** @description MW */
                            battery_input: number;
                            /** @description MW */
                            battery_output: number;
                            /** @description 0-100 */
                            battery_percent: number;
                            /** @description seconds */
                            battery_time_empty_s: number | null;
                            /** @description seconds */
                            battery_time_full_s: number | null;
                            circuit_group_id: number;
                            fuse_triggered: boolean;
                            /** @description MW */
                            power_capacity: number;
                            /** @description MW */
                            power_consumed: number;
                            /** @description MW */
                            power_max_consumed: number;
                            /** @description MW */
                            power_production: number;
                            /** @description the save (session) the sample was taken in */
                            session_name: string | null;
                            /** @description ISO 8601 time of the poll */
                            time: string;
                        }[];
                        production: {
                            cons_percent: number;
                            /** @description per minute */
                            current_consumed: number;
                            /** @description per minute */
                            current_prod: number;
                            item_class: string;
                            /** @description Solid, Liquid, Gas, Invalid or Unknown */
                            item_form: string | null;
                            item_name: string;
                            /** @description per minute */
                            max_consumed: number;
                            /** @description per minute */
                            max_prod: number;
                            prod_percent: number;
                            /** @description the save (session) the sample was taken in */
                            session_name: string | null;
                            /** @description ISO 8601 time of the poll */
                            time: string;
                        }[];
                        resource_sink: {
                            /** @description progress to the next coupon, 0-1 */
                            coupon_progress: number;
                            /** @description coupons ready to print */
                            coupons: number;
                            /** @description FRM's latest points-per-minute figure */
                            points_per_minute: number;
                            /** @description points still needed for the next coupon */
                            points_to_coupon: number;
                            /** @description the save (session) the sample was taken in */
                            session_name: string | null;
                            /** @description ISO 8601 time of the poll */
                            time: string;
                            /** @description points earned on the track since the save began */
                            total_points: number;
                            /** @description Resource (the default track) */
                            track: string;
                        } | null;
                        /** Format: uuid */
                        server_id: string;
                        session: {
                            /** @description in-game clock */
                            day_hours: number | null;
                            /** @description in-game clock */
                            day_minutes: number | null;
                            is_day: boolean | null;
                            is_paused: boolean;
                            /** @description in-game days since the save began */
                            passed_days: number | null;
                            session_name: string;
                            /** @description ISO 8601 time of the poll */
                            time: string;
                            /** @description the save's play time, seconds */
                            total_play_s: number;
                        } | null;
                        /** @description online, degraded, offline or unknown */
                        status: string;
                        /** @description counts of the newest storage poll; GET …/world-inventory searches it */
                        storage: {
                            containers: number;
                            entries: number;
                        } | null;
                        trains: {
                            derailed: boolean;
                            /** @description raw enum, e.g. TDS_Docked */
                            docking: string | null;
                            /** @description km/h */
                            forward_speed: number;
                            /** @description kg */
                            max_payload_mass: number;
                            name: string;
                            /** @description raw enum, e.g. PDE_NoError */
                            path: string | null;
                            /** @description kg */
                            payload_mass: number;
                            pending_derail: boolean;
                            /** @description cm */
                            pos_x: number;
                            /** @description cm */
                            pos_y: number;
                            /** @description cm */
                            pos_z: number;
                            /** @description MW */
                            power_consumed: number | null;
                            /** @description raw enum, e.g. SDLE_NoError */
                            self_driving: string | null;
                            /** @description the save (session) the sample was taken in */
                            session_name: string | null;
                            /** @description current or next stop; null for "No Station" */
                            station: string | null;
                            /** @description Parked, Manual Driving, Self-Driving, Derailed or Unknown */
                            status: string;
                            throttle_percent: number;
                            /** @description ISO 8601 time of the poll */
                            time: string;
                            /** @description kg */
                            total_mass: number;
                            train_id: string;
                        }[];
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    ServersController_diagnose: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        addon_via: string | null;
                        game: {
                            changelist: number;
                            state: string;
                            version: string;
                        } | null;
                        ok: boolean;
                        steps: {
                            duration_ms: number;
                            observed: string;
                            ok: boolean;
                            step: string;
                        }[];
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    MetricsController_droneStations: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description items per minute in */
                        avg_inc_rate: number;
                        /** @description items per minute out */
                        avg_out_rate: number;
                        /** @description null when not connected */
                        circuit_group_id: number | null;
                        /** @description Docked, En Route, Not Enough Fuel, No Drone, … */
                        drone_status: string | null;
                        /** @description fuel items held */
                        fuel_amount: number;
                        /** @description the active fuel */
                        fuel_name: string | null;
                        /** @description estimated fuel items per minute */
                        fuel_rate: number | null;
                        /** @description seconds until the fuel held runs out at the estimated rate; null without a rate */
                        fuel_time_left_s: number | null;
                        name: string;
                        /** @description null for "None" */
                        paired_station: string | null;
                        /** @description cm */
                        pos_x: number;
                        /** @description cm */
                        pos_y: number;
                        /** @description cm */
                        pos_z: number;
                        /** @description MW */
                        power_consumed: number | null;
                        /** @description latest round trip, seconds */
                        round_trip_s: number | null;
                        /** @description the save (session) the sample was taken in */
                        session_name: string | null;
                        station_id: string;
                        /** @description ISO 8601 time of the poll */
                        time: string;
                        /** @description estimated stacks per minute */
                        transport_rate: number;
                    }[];
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    MetricsController_drones: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description null for "No Destination" */
                        destination: string | null;
                        drone_id: string;
                        /** @description Flying, Travelling, None or Unknown */
                        flying_mode: string | null;
                        /** @description km/h */
                        flying_speed: number;
                        home_station: string | null;
                        /** @description km/h */
                        max_speed: number;
                        name: string;
                        /** @description null for "None" */
                        paired_station: string | null;
                        /** @description cm */
                        pos_x: number;
                        /** @description cm */
                        pos_y: number;
                        /** @description cm */
                        pos_z: number;
                        /** @description the save (session) the sample was taken in */
                        session_name: string | null;
                        /** @description ISO 8601 time of the poll */
                        time: string;
                    }[];
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    MetricsController_extractors: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description null when not connected */
                        circuit_group_id: number | null;
                        class_name: string;
                        /** @description 100 = 100 % */
                        clock_percent: number;
                        /** @description per minute (m³/min for fluids) */
                        current_prod: number;
                        extractor_id: string;
                        is_configured: boolean;
                        is_paused: boolean;
                        is_producing: boolean;
                        /** @description per minute at the current clock */
                        max_prod: number;
                        name: string;
                        /** @description cm */
                        pos_x: number;
                        /** @description cm */
                        pos_y: number;
                        /** @description cm */
                        pos_z: number;
                        /** @description MW */
                        power_consumed: number | null;
                        /** @description 0-100 */
                        productivity: number;
                        /** @description Impure, Normal or Pure (derived for miners); null when unknown */
                        purity: string | null;
                        /** @description null when the extractor has no resource */
                        resource_class: string | null;
                        resource_name: string | null;
                        /** @description the save (session) the sample was taken in */
                        session_name: string | null;
                        /** @description ISO 8601 time of the poll */
                        time: string;
                    }[];
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    MetricsController_generators: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description seconds until the fuel held is burnt at the current output; null when unknown or not burning */
                        burn_time_left_s: number | null;
                        /** @description fuel (and water where needed) present */
                        can_start: boolean;
                        /** @description MW at the current clock */
                        capacity: number;
                        /** @description null when not connected */
                        circuit_group_id: number | null;
                        class_name: string;
                        /** @description 100 = 100 %, up to 250 with power shards */
                        clock_percent: number;
                        /** @description fuel held: items, or m³ for fluids */
                        fuel_amount: number;
                        /** @description item class of the fuel held; null when none (or geothermal) */
                        fuel_class: string | null;
                        /** @description Solid, Liquid, Gas, Geothermal or Unknown */
                        fuel_form: string | null;
                        fuel_name: string | null;
                        generator_id: string;
                        /** @description 0-100 */
                        load_percent: number;
                        name: string;
                        /** @description nuclear plants: Waste Full, Mismatch…; null otherwise */
                        nuclear_warning: string | null;
                        /** @description cm */
                        pos_x: number;
                        /** @description cm */
                        pos_y: number;
                        /** @description cm */
                        pos_z: number;
                        /** @description MW delivered now */
                        production: number;
                        /** @description the save (session) the sample was taken in */
                        session_name: string | null;
                        /** @description water buffer, 0-100; null without supplement */
                        supplement_percent: number | null;
                        /** @description ISO 8601 time of the poll */
                        time: string;
                    }[];
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    HistoryController_generatorsHistory: {
        parameters: {
            query?: {
                from?: string;
                session?: string;
                step?: string;
                to?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        buckets: {
                            /** @description MW: the sum of each generator’s highest capacity */
                            capacity_sum: number;
                            /** @description null: no fuel held (and geothermal) */
                            fuel_name: string | null;
                            /** @description generators of this fuel in the bucket */
                            generators: number;
                            /** @description MW: the sum of each generator’s average production */
                            production_sum: number;
                            /** @description the save the samples were taken in */
                            session_name: string | null;
                            /** @description start of the bucket (ISO 8601) */
                            time: string;
                        }[];
                        from: string;
                        retention_hours: number;
                        step_seconds: number;
                        to: string;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    HistoryController_metricsHistory: {
        parameters: {
            query?: {
                from?: string;
                step?: string;
                to?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        buckets: {
                            player_count_avg: number | null;
                            player_count_max: number | null;
                            /** @description samples in the bucket */
                            samples: number;
                            tick_rate_avg: number | null;
                            tick_rate_max: number | null;
                            tick_rate_min: number | null;
                            /** @description start of the bucket (ISO 8601) */
                            time: string;
                        }[];
                        from: string;
                        retention_hours: number;
                        step_seconds: number;
                        to: string;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    MetricsController_latest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the raw game value (asset path or "None") */
                        game_phase: string | null;
                        /** @description the phase's name (e.g. "Construction Dock"), parsed from game_phase */
                        game_phase_name: string | null;
                        game_phase_number: number | null;
                        is_paused: boolean | null;
                        is_running: boolean | null;
                        /** @description round trip of the poll, milliseconds */
                        latency_ms: number | null;
                        player_count: number | null;
                        player_limit: number | null;
                        session_name: string | null;
                        /** @description online, degraded, offline or unknown (confirmed by two polls) */
                        status: string;
                        tech_tier: number | null;
                        /** @description average ticks per second (30 is full speed) */
                        tick_rate: number | null;
                        /** @description ISO 8601 time of the poll */
                        time: string;
                        /** @description seconds: the save's cumulative play time */
                        total_duration: number | null;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    PlayersController_onlineAt: {
        parameters: {
            query?: {
                t?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        players: {
                            anonymous: boolean;
                            /** @enum {string|null} */
                            close_reason: "left" | "offline" | "save_changed" | "source_changed" | null;
                            /** @description up to now while online */
                            duration_seconds: number;
                            joined_at: string;
                            /** @description null while the player is online */
                            left_at: string | null;
                            /** Format: uuid */
                            player_id: string;
                            /** @description null for an anonymous slot (a server without the add-on) */
                            player_name: string | null;
                            /** Format: uuid */
                            server_id: string;
                            /** @description the save it was played in */
                            session_name: string | null;
                            /** @description the anonymous slot number */
                            slot: number | null;
                        }[];
                        t: string;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    PlayersController_sessions: {
        parameters: {
            query?: {
                from?: string;
                limit?: number;
                player?: string;
                to?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        from: string;
                        retention_hours: number;
                        sessions: {
                            anonymous: boolean;
                            /** @enum {string|null} */
                            close_reason: "left" | "offline" | "save_changed" | "source_changed" | null;
                            /** @description up to now while online */
                            duration_seconds: number;
                            joined_at: string;
                            /** @description null while the player is online */
                            left_at: string | null;
                            /** Format: uuid */
                            player_id: string;
                            /** @description null for an anonymous slot (a server without the add-on) */
                            player_name: string | null;
                            /** Format: uuid */
                            server_id: string;
                            /** @description the save it was played in */
                            session_name: string | null;
                            /** @description the anonymous slot number */
                            slot: number | null;
                        }[];
                        to: string;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    PlayersController_sessionsCsv: {
        parameters: {
            query?: {
                from?: string;
                limit?: number;
                player?: string;
                to?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    PlayersController_heatmap: {
        parameters: {
            query?: {
                tz?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description one per weekday and hour the window covers (168 once it spans a week) */
                        cells: {
                            /** @description players online on average in that hour of the week */
                            average_players: number;
                            /** @description 0..23 */
                            hour: number;
                            /** @description most players seen in one such hour */
                            peak_players: number;
                            /** @description 1 Monday .. 7 Sunday */
                            weekday: number;
                        }[];
                        from: string;
                        retention_hours: number;
                        to: string;
                        tz: string;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    MetricsController_players: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    /** @description present when another page follows: `<…?limit=…&cursor=…>; rel="next"` */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description 0-100 (FRM PlayerHP) */
                        health: number;
                        /**
                         * Format: uuid
                         * @description stable per server and FRM player
                         */
                        id: string;
                        is_dead: boolean;
                        is_online: boolean;
                        /** @description the last time the platform saw the player online (null only if never) */
                        last_seen_at: string | null;
                        name: string;
                        /** @description cm */
                        pos_x: number;
                        /** @description cm */
                        pos_y: number;
                        /** @description cm */
                        pos_z: number;
                        /** @description the save (session) the sample was taken in */
                        session_name: string | null;
                        /** @description km/h */
                        speed: number;
                        /** @description ISO 8601 time of the poll */
                        time: string;
                    }[];
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    PlayersController_player: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                playerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        anonymous: boolean;
                        first_seen_at: string;
                        last_seen_at: string;
                        online: boolean;
                        /** Format: uuid */
                        player_id: string;
                        player_name: string | null;
                        /** Format: uuid */
                        server_id: string;
                        session_count: number;
                        /** @description the newest 200 sessions */
                        sessions: {
                            anonymous: boolean;
                            /** @enum {string|null} */
                            close_reason: "left" | "offline" | "save_changed" | "source_changed" | null;
                            /** @description up to now while online */
                            duration_seconds: number;
                            joined_at: string;
                            /** @description null while the player is online */
                            left_at: string | null;
                            /** Format: uuid */
                            player_id: string;
                            /** @description null for an anonymous slot (a server without the add-on) */
                            player_name: string | null;
                            /** Format: uuid */
                            server_id: string;
                            /** @description the save it was played in */
                            session_name: string | null;
                            /** @description the anonymous slot number */
                            slot: number | null;
                        }[];
                        total_playtime_seconds: number;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    HistoryController_playersHistory: {
        parameters: {
            query?: {
                from?: string;
                session?: string;
                step?: string;
                to?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        buckets: {
                            players_known: number;
                            players_online: number;
                            /** @description polls in the bucket */
                            samples: number;
                            /** @description the save the samples were taken in */
                            session_name: string | null;
                            /** @description start of the bucket (ISO 8601) */
                            time: string;
                        }[];
                        from: string;
                        retention_hours: number;
                        step_seconds: number;
                        to: string;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    HistoryController_playersTrails: {
        parameters: {
            query?: {
                from?: string;
                session?: string;
                step?: string;
                to?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        buckets: {
                            /**
                             * Format: uuid
                             * @description the player's id (as in /players)
                             */
                            id: string;
                            name: string;
                            /** @description cm, the average position of the bucket */
                            pos_x: number;
                            /** @description cm */
                            pos_y: number;
                            /** @description polls in the bucket that saw the player online */
                            samples: number;
                            /** @description the save the samples were taken in */
                            session_name: string | null;
                            /** @description start of the bucket (ISO 8601) */
                            time: string;
                        }[];
                        from: string;
                        retention_hours: number;
                        step_seconds: number;
                        to: string;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    HistoryController_powerHistory: {
        parameters: {
            query?: {
                circuit?: number;
                from?: string;
                session?: string;
                step?: string;
                to?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        buckets: {
                            battery_percent_avg: number;
                            battery_percent_min: number;
                            circuit_group_id: number;
                            /** @description the fuse blew in the bucket */
                            fuse_triggered: boolean;
                            /** @description MW */
                            power_capacity_max: number;
                            /** @description MW */
                            power_consumed_avg: number;
                            /** @description MW */
                            power_production_avg: number;
                            /** @description samples in the bucket */
                            samples: number;
                            /** @description start of the bucket (ISO 8601) */
                            time: string;
                        }[];
                        from: string;
                        retention_hours: number;
                        step_seconds: number;
                        to: string;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    MetricsController_power: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description MWh */
                        battery_capacity: number;
                        /** @description MW, positive = charging */
                        battery_differential: number;
                        /** @description MW */
                        battery_input: number;
                        /** @description MW */
                        battery_output: number;
                        /** @description 0-100 */
                        battery_percent: number;
                        /** @description seconds */
                        battery_time_empty_s: number | null;
                        /** @description seconds */
                        battery_time_full_s: number | null;
                        circuit_group_id: number;
                        fuse_triggered: boolean;
                        /** @description MW */
                        power_capacity: number;
                        /** @description MW */
                        power_consumed: number;
                        /** @description MW */
                        power_max_consumed: number;
                        /** @description MW */
                        power_production: number;
                        /** @description the save (session) the sample was taken in */
                        session_name: string | null;
                        /** @description ISO 8601 time of the poll */
                        time: string;
                    }[];
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    HistoryController_productionHistory: {
        parameters: {
            query?: {
                from?: string;
                item?: string;
                session?: string;
                step?: string;
                to?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        buckets: {
                            /** @description per minute */
                            current_consumed_avg: number;
                            /** @description per minute */
                            current_prod_avg: number;
                            item_class: string;
                            /** @description per minute */
                            max_prod_max: number;
                            /** @description samples in the bucket */
                            samples: number;
                            /** @description the save the samples were taken in */
                            session_name: string | null;
                            /** @description start of the bucket (ISO 8601) */
                            time: string;
                        }[];
                        from: string;
                        retention_hours: number;
                        step_seconds: number;
                        to: string;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    MetricsController_production: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cons_percent: number;
                        /** @description per minute */
                        current_consumed: number;
                        /** @description per minute */
                        current_prod: number;
                        item_class: string;
                        /** @description Solid, Liquid, Gas, Invalid or Unknown */
                        item_form: string | null;
                        item_name: string;
                        /** @description per minute */
                        max_consumed: number;
                        /** @description per minute */
                        max_prod: number;
                        prod_percent: number;
                        /** @description the save (session) the sample was taken in */
                        session_name: string | null;
                        /** @description ISO 8601 time of the poll */
                        time: string;
                    }[];
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    MetricsController_resourceSink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description progress to the next coupon, 0-1 */
                        coupon_progress: number;
                        /** @description coupons ready to print */
                        coupons: number;
                        /** @description FRM's latest points-per-minute figure */
                        points_per_minute: number;
                        /** @description points still needed for the next coupon */
                        points_to_coupon: number;
                        /** @description the save (session) the sample was taken in */
                        session_name: string | null;
                        /** @description ISO 8601 time of the poll */
                        time: string;
                        /** @description points earned on the track since the save began */
                        total_points: number;
                        /** @description Resource (the default track) */
                        track: string;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    HistoryController_resourceSinkHistory: {
        parameters: {
            query?: {
                from?: string;
                session?: string;
                step?: string;
                to?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        buckets: {
                            coupons_max: number;
                            points_per_minute_avg: number;
                            /** @description samples in the bucket */
                            samples: number;
                            /** @description the save the samples were taken in */
                            session_name: string | null;
                            /** @description start of the bucket (ISO 8601) */
                            time: string;
                            total_points_max: number;
                            track: string;
                        }[];
                        from: string;
                        retention_hours: number;
                        step_seconds: number;
                        to: string;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    MetricsController_session: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description in-game clock */
                        day_hours: number | null;
                        /** @description in-game clock */
                        day_minutes: number | null;
                        is_day: boolean | null;
                        is_paused: boolean;
                        /** @description in-game days since the save began */
                        passed_days: number | null;
                        session_name: string;
                        /** @description ISO 8601 time of the poll */
                        time: string;
                        /** @description the save's play time, seconds */
                        total_play_s: number;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    SharesController_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        expires_at: string | null;
                        id: string;
                        kind: string;
                        last_used_at: string | null;
                        server_id: string;
                    }[];
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    SharesController_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    expires_at?: string;
                    /**
                     * @default dashboard
                     * @enum {string}
                     */
                    kind?: "dashboard" | "overlay";
                };
            };
        };
        responses: {
            /** @description success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        api: string;
                        created_at: string;
                        expires_at: string | null;
                        id: string;
                        kind: string;
                        last_used_at: string | null;
                        server_id: string;
                        token: string;
                        url: string;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    SharesController_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                shareId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    MetricsController_trains: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        derailed: boolean;
                        /** @description raw enum, e.g. TDS_Docked */
                        docking: string | null;
                        /** @description km/h */
                        forward_speed: number;
                        /** @description kg */
                        max_payload_mass: number;
                        name: string;
                        /** @description raw enum, e.g. PDE_NoError */
                        path: string | null;
                        /** @description kg */
                        payload_mass: number;
                        pending_derail: boolean;
                        /** @description cm */
                        pos_x: number;
                        /** @description cm */
                        pos_y: number;
                        /** @description cm */
                        pos_z: number;
                        /** @description MW */
                        power_consumed: number | null;
                        /** @description raw enum, e.g. SDLE_NoError */
                        self_driving: string | null;
                        /** @description the save (session) the sample was taken in */
                        session_name: string | null;
                        /** @description current or next stop; null for "No Station" */
                        station: string | null;
                        /** @description Parked, Manual Driving, Self-Driving, Derailed or Unknown */
                        status: string;
                        throttle_percent: number;
                        /** @description ISO 8601 time of the poll */
                        time: string;
                        /** @description kg */
                        total_mass: number;
                        train_id: string;
                    }[];
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    MetricsController_inventory: {
        parameters: {
            query?: {
                q?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description in storage containers (m³ for fluids) */
                        amount: number;
                        /** @description in the dimensional depot */
                        cloud_amount: number;
                        /** @description the storage containers holding the item (newest storage poll), largest amount first, at most 50 */
                        containers: {
                            amount: number;
                            class_name: string;
                            container_id: string;
                            container_name: string;
                            /** @description cm */
                            pos_x: number;
                            /** @description cm */
                            pos_y: number;
                            /** @description cm */
                            pos_z: number;
                        }[];
                        item_class: string;
                        item_name: string;
                        /** @description the save (session) the sample was taken in */
                        session_name: string | null;
                        /** @description one stack, not a container’s capacity */
                        stack_size: number;
                        /** @description ISO 8601 time of the poll */
                        time: string;
                    }[];
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    SilencesController_list: {
        parameters: {
            query?: {
                include_expired?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active_now: boolean;
                        created_at: string;
                        ends_at: string | null;
                        id: string;
                        reason: string;
                        recurrence: {
                            days: string[];
                            duration_minutes: number;
                            start: string;
                            time_zone: string;
                        } | null;
                        rule_id: string | null;
                        server_id: string | null;
                        starts_at: string;
                    }[];
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    SilencesController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    ends_at?: string;
                    /** @default  */
                    reason?: string;
                    recurrence?: {
                        days: ("mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun")[];
                        duration_minutes: number;
                        start: string;
                        time_zone: string;
                    };
                    /** Format: uuid */
                    rule_id?: string | null;
                    /** Format: uuid */
                    server_id?: string | null;
                    /** Format: date-time */
                    starts_at?: string;
                };
            };
        };
        responses: {
            /** @description success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active_now: boolean;
                        created_at: string;
                        ends_at: string | null;
                        id: string;
                        reason: string;
                        recurrence: {
                            days: string[];
                            duration_minutes: number;
                            start: string;
                            time_zone: string;
                        } | null;
                        rule_id: string | null;
                        server_id: string | null;
                        starts_at: string;
                    };
                };
            };
            /**
             * @description error
             *
             *     error
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    SilencesController_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    StatusPagesController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        id: string;
                        server_ids: string[];
                        slug: string;
                        title: string;
                        updated_at: string;
                        url: string;
                    }[];
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    StatusPagesController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default [] */
                    server_ids?: string[];
                    slug: string;
                    title: string;
                };
            };
        };
        responses: {
            /** @description success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        id: string;
                        server_ids: string[];
                        slug: string;
                        title: string;
                        updated_at: string;
                        url: string;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    StatusPagesController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        id: string;
                        server_ids: string[];
                        slug: string;
                        title: string;
                        updated_at: string;
                        url: string;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    StatusPagesController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    StatusPagesController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    server_ids?: string[];
                    slug?: string;
                    title?: string;
                };
            };
        };
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        id: string;
                        server_ids: string[];
                        slug: string;
                        title: string;
                        updated_at: string;
                        url: string;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    StatusPagesController_listIncidents: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        alert_incident_id: string | null;
                        created_at: string;
                        id: string;
                        /** @enum {string} */
                        impact: "none" | "minor" | "major" | "critical" | "maintenance";
                        resolved_at: string | null;
                        /** @enum {string} */
                        state: "investigating" | "identified" | "monitoring" | "resolved";
                        title: string;
                        updates: {
                            created_at: string;
                            id: string;
                            message: string;
                            /** @enum {string} */
                            state: "investigating" | "identified" | "monitoring" | "resolved";
                        }[];
                    }[];
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    StatusPagesController_createIncident: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    alert_incident_id?: string;
                    /**
                     * @default minor
                     * @enum {string}
                     */
                    impact?: "none" | "minor" | "major" | "critical" | "maintenance";
                    message: string;
                    /**
                     * @default investigating
                     * @enum {string}
                     */
                    state?: "investigating" | "identified" | "monitoring" | "resolved";
                    title?: string;
                };
            };
        };
        responses: {
            /** @description success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        alert_incident_id: string | null;
                        created_at: string;
                        id: string;
                        /** @enum {string} */
                        impact: "none" | "minor" | "major" | "critical" | "maintenance";
                        resolved_at: string | null;
                        /** @enum {string} */
                        state: "investigating" | "identified" | "monitoring" | "resolved";
                        title: string;
                        updates: {
                            created_at: string;
                            id: string;
                            message: string;
                            /** @enum {string} */
                            state: "investigating" | "identified" | "monitoring" | "resolved";
                        }[];
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    StatusPagesController_addUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                incidentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    message: string;
                    /** @enum {string} */
                    state: "investigating" | "identified" | "monitoring" | "resolved";
                };
            };
        };
        responses: {
            /** @description success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        alert_incident_id: string | null;
                        created_at: string;
                        id: string;
                        /** @enum {string} */
                        impact: "none" | "minor" | "major" | "critical" | "maintenance";
                        resolved_at: string | null;
                        /** @enum {string} */
                        state: "investigating" | "identified" | "monitoring" | "resolved";
                        title: string;
                        updates: {
                            created_at: string;
                            id: string;
                            message: string;
                            /** @enum {string} */
                            state: "investigating" | "identified" | "monitoring" | "resolved";
                        }[];
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    PublicStatusApiController_status: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        generated_at: string;
                        open_incidents: {
                            created_at: string;
                            impact: string;
                            state: string;
                            title: string;
                        }[];
                        servers: {
                            degraded_90d_percent: number | null;
                            name: string;
                            player_limit: number | null;
                            players: number | null;
                            status: string;
                            uptime_90d_percent: number | null;
                        }[];
                        /** @enum {string} */
                        status: "operational" | "degraded" | "down";
                        title: string;
                        url: string;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    PublicStatusApiController_subscribe: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                } | {
                    /** Format: uri */
                    webhook_url: string;
                };
            };
        };
        responses: {
            /** @description success */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        confirmation: "mailed" | "none";
                        /** @enum {string} */
                        kind: "email" | "webhook";
                        signing_secret: string | null;
                        unsubscribe_url: string | null;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    TokensController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        expires_at: string | null;
                        /** Format: uuid */
                        id: string;
                        last_used_at: string | null;
                        name: string;
                        prefix: string;
                        scopes: string[];
                    }[];
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    TokensController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    expires_in_days?: number;
                    name: string;
                    scopes: ("servers:read" | "servers:write" | "metrics:read" | "alerts:read" | "alerts:write")[];
                };
            };
        };
        responses: {
            /** @description success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        expires_at: string | null;
                        /** Format: uuid */
                        id: string;
                        last_used_at: string | null;
                        name: string;
                        prefix: string;
                        scopes: string[];
                        token: string;
                    };
                };
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    TokensController_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
            /** @description error */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error?: {
                            code: string;
                            details?: Record<string, never>;
                            message: string;
                            remedy?: string;
                        };
                        request_id?: string;
                    };
                };
            };
        };
    };
    HealthController_live: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    HealthController_ready: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    MetricsController_scrape: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
