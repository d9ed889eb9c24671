export {
  Button,
  IconButton,
  type ButtonProps,
  type IconButtonProps,
  type ButtonVariant,
  type ButtonSize,
} from './button';
export { Spinner, type SpinnerProps } from './spinner';
export { CurrencyIcon, type CurrencyIconProps } from './currency-icon';
export { Skeleton, SkeletonText, SkeletonGrid, type SkeletonProps } from './skeleton';
export { ModalHost, useModal, DRAG_DISMISS_DISTANCE } from './modal-host';
export { LazyModalHost } from './modal-host-lazy';
export {
  useModalStore,
  openModal,
  closeModal,
  closeAllModals,
  updateModal,
  isModalOpen,
  type ModalOptions,
  type ModalApi,
  type ModalEntry,
  type ModalSize,
} from './modal-store';
export { BlockingLoader, openBlockingLoader, BLOCKING_LOADER_ID } from './blocking-loader';
export {
  ToastHost,
  toast,
  useToastStore,
  TOAST_DURATION,
  type ToastKind,
  type ToastOptions,
  type ToastEntry,
} from './toast-host';
export { Dropdown, DROPDOWN_MAX_HEIGHT, type DropdownEntry, type DropdownProps } from './dropdown';
export {
  Selector,
  EntryIcon,
  filterEntries,
  shouldShowSearch,
  SELECTOR_SEARCH_THRESHOLD,
  type SelectorEntry,
  type SelectorProps,
} from './selector';
export { Tabs, TabPanel, tabIds, type TabItem, type TabsProps } from './tabs';
export { Breadcrumbs, type BreadcrumbItem, type BreadcrumbsProps } from './breadcrumbs';
export { PageFrame, type PageFrameProps } from './page-frame';
export { EmptyState, type EmptyStateProps } from './empty-state';
export { useOutsideClose } from './use-outside-close';
