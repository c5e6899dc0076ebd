/** What other features may use of the message templates; the router loads its page directly. */
export { MessageTemplatePicker } from './components/message-template-picker.tsx';
export { useFilledMessage } from './components/use-filled-message.ts';
