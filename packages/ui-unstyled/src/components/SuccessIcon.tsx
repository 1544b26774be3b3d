import { forwardRef } from 'react';

/** The check graphic of the success screens: decorative, hidden from assistive technology. */
export const SuccessIcon = forwardRef<SVGSVGElement, { 'data-scope': string; 'data-part'?: string }>(
  function SuccessIcon({ 'data-part': part = 'icon', ...props }, ref) {
    return (
      <svg
        data-part={part}
        aria-hidden="true"
        focusable="false"
        width="96"
        height="96"
        viewBox="0 0 96 96"
        fill="none"
        stroke="currentColor"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
        {...props}
        ref={ref}
      >
        <circle cx="48" cy="48" r="44" />
        <path d="M28 50l13 13 27-28" />
      </svg>
    );
  },
);
