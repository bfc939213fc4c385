import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, TEXT_LIMITS } from '../constants.js';
import { singleLineText } from './common.js';
import { hostedImageSchema } from './image.js';
import { TRADE_DISCOUNT_MAX } from '../trade-pricing.js';

/** SPEC section 5 messages for the account forms. */
export const accountMessages = {
  nameRequired: 'Name is Required',
  emailRequired: 'Email is Required',
  emailInvalid: 'Please provide a valid email',
  passwordRequired: 'Password is Required',
  passwordShort: 'Must be 6 charecters or longer',
  passwordLong: 'Must be 128 characters or fewer',
  forgotEmailRequired: 'Enter your Email',
  phoneRequired: 'Phone is Required',
  phoneInvalid: 'Please provide a valid phone number',
  imageRequired: 'Image is Required',
} as const;

/**
 * SPEC's "simple pattern": letters and digits, @, a domain, a dot and a top-level domain of
 * letters. Dots, dashes, underscores and plus signs in the local part, and longer top-level
 * domains, are accepted too, since real customers have them.
 */
const EMAIL_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9._%+-]{0,62}[A-Za-z0-9_%+-])?@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,24}$/;

export const emailSchema = z
  .string({ error: accountMessages.emailRequired })
  .trim()
  .min(1, accountMessages.emailRequired)
  .max(TEXT_LIMITS.email, accountMessages.emailInvalid)
  .regex(EMAIL_PATTERN, accountMessages.emailInvalid)
  .transform((email) => email.toLowerCase());

export const passwordSchema = z
  .string({ error: accountMessages.passwordRequired })
  .min(1, accountMessages.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, accountMessages.passwordShort)
  .max(PASSWORD_MAX_LENGTH, accountMessages.passwordLong);

export const signUpSchema = z.object({
  name: singleLineText(TEXT_LIMITS.name, accountMessages.nameRequired),
  email: emailSchema,
  password: passwordSchema,
});
export type SignUpInput = z.input<typeof signUpSchema>;

export const signInSchema = z.object({ email: emailSchema, password: passwordSchema });
export type SignInInput = z.input<typeof signInSchema>;

export const forgotPasswordSchema = z.object({
  email: z
    .string({ error: accountMessages.forgotEmailRequired })
    .trim()
    .min(1, accountMessages.forgotEmailRequired)
    .max(TEXT_LIMITS.email, accountMessages.emailInvalid)
    .regex(EMAIL_PATTERN, accountMessages.emailInvalid)
    .transform((email) => email.toLowerCase()),
});

export const resetPasswordSchema = z.object({ password: passwordSchema });

export const phoneSchema = z
  .string({ error: accountMessages.phoneRequired })
  .trim()
  .min(1, accountMessages.phoneRequired)
  .max(TEXT_LIMITS.phone, accountMessages.phoneInvalid)
  .regex(/^\+?[0-9][0-9\s().-]{4,}$/, accountMessages.phoneInvalid);

export const emailParamsSchema = z.object({
  email: z.string().max(TEXT_LIMITS.email).regex(EMAIL_PATTERN, 'Not a valid email').transform((email) => email.toLowerCase()),
});

/** PUT /user/{email}: the client's proof-of-session exchange for its bearer token. */
export const userUpsertSchema = z.object({ email: emailSchema });
export const tokenAnswerSchema = z.object({ token: z.string() });

/** GET /admin/{email}: whether the account is an admin, and whether it is staff (SPEC-3 section 7). */
export const adminAnswerSchema = z.object({ admin: z.boolean(), staff: z.boolean() });

export const profileUpdateSchema = z.object({
  img: hostedImageSchema(accountMessages.imageRequired),
  phone: phoneSchema,
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

/** Customer, staff, admin (SPEC-3 section 7). */
export const USER_ROLES = ['user', 'staff', 'admin'] as const;

export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  img: z.string().nullable(),
  phone: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

/** GET /users: a user as the admin's list shows them, with whether their address is confirmed, how many purchases they placed and when they joined. */
export const adminUserSchema = userSchema.extend({
  emailConfirmed: z.boolean(),
  /** Purchases placed (a one-part order or a cart's checkout), whatever their state now. */
  orders: z.number().int(),
  /** When the account was made (ISO 8601, UTC). */
  joined: z.string(),
  /** SPEC-3 section 6: a workshop buys at its trade discount (percent, 0 when not a workshop). */
  workshop: z.boolean(),
  tradeDiscount: z.number(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const workshopMessages = {
  discountInvalid: `Enter a trade discount from 0 to ${TRADE_DISCOUNT_MAX} percent, with at most 2 decimals`,
  workshopRequired: 'Say whether this account is a workshop (workshop: true or false)',
} as const;

/** PUT /user/workshop/{email} (admin): whether the account is a workshop, and its trade discount in percent (ignored, and kept 0, when it is not). */
export const workshopInputSchema = z.object({
  workshop: z.boolean({ error: workshopMessages.workshopRequired }),
  tradeDiscount: z
    .union([z.number(), z.string().trim()], { error: workshopMessages.discountInvalid })
    .transform((value) => (typeof value === 'number' ? String(value) : value))
    .refine((value) => /^\d{1,2}(\.\d{1,2})?$/.test(value), { error: workshopMessages.discountInvalid, abort: true })
    .transform(Number)
    .refine((percent) => percent >= 0 && percent <= TRADE_DISCOUNT_MAX, workshopMessages.discountInvalid),
});
export type WorkshopInput = z.input<typeof workshopInputSchema>;
export const workshopAnswerSchema = z.object({ workshop: z.boolean(), tradeDiscount: z.number() });
export type WorkshopAnswer = z.infer<typeof workshopAnswerSchema>;
