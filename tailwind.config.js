/** @type {import('tailwindcss').Config} */
module.exports = {
  content: ['./web/app/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        brand: { DEFAULT: '#15803d', dark: '#166534', light: '#dcfce7' },
      },
      keyframes: {
        'slide-in-right': {
          from: { transform: 'translateX(100%)' },
          to: { transform: 'translateX(0)' },
        },
      },
      animation: { 'slide-in-right': 'slide-in-right 200ms ease-out' },
    },
  },
  plugins: [],
};
