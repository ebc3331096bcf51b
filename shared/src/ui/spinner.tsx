import './spinner.css';

const CIRCUMFERENCE = 15 * 3.14159265358979 * 2;

/**
 * antd-mobile's SpinLoading (default colour) drawn the same way, animated by CSS alone: the
 * library's one animates with react-spring, which the start-up path then had to download.
 */
export const Spinner = ({ 'aria-label': ariaLabel }: { 'aria-label'?: string }) => (
  <div className="adm-spin-loading marketplace-spinner" aria-label={ariaLabel}>
    <svg className="adm-spin-loading-svg" viewBox="0 0 32 32">
      <circle
        className="adm-spin-loading-fill"
        fill="transparent"
        strokeWidth="2"
        strokeDasharray={CIRCUMFERENCE}
        strokeDashoffset={80}
        strokeLinecap="square"
        r={15}
        cx={16}
        cy={16}
      />
    </svg>
  </div>
);
