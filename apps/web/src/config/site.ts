/** Shop-wide facts shown in more than one place. */
export const site = {
  name: 'Moto Parts',
  logo: '/static/logo.svg',
  social: {
    facebook: 'https://www.facebook.com/',
    youtube: 'https://www.youtube.com/',
  },
} as const;
