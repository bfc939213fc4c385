/** Every text of the dashboard frame and the profile page. SPEC strings are verbatim. */
export const dashboardCopy = {
  menu: {
    label: 'Dashbord',
    open: 'Dashbord menu',
    close: 'Close dashbord menu',
    profile: 'My profile',
    allUsers: 'All Users',
  },
  pageLoading: 'Loading page',
  profile: {
    documentTitle: 'My profile | Moto Parts',
    loading: 'Loading your profile',
    loadFailed: 'Your profile could not be loaded.',
    retry: 'Try again',
    email: 'Email',
    phone: 'Phone',
    noPhone: 'No phone number yet',
    photoAlt: (name: string) => `Profile photo of ${name}`,
    noPhoto: 'No photo yet',
    role: { admin: 'Admin', user: 'Customer' },
    form: {
      heading: 'Update Your Profile',
      phone: 'Phone',
      image: 'Image',
      imageHint: 'JPEG, PNG, WebP, GIF or AVIF, up to 5 MB',
      submit: 'Update',
      updated: 'User Update Successfully',
      failed: 'Failed to Update User',
    },
  },
} as const;
