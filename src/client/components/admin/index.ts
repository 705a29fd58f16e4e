// The admin kit: the parts every domain's admin section is built from. Sections import them from here.
import * as adminStyles from './Admin.css';
import * as tableStyles from './AdminTable.css';

export { AdminList, useAdminList, CARDS_BELOW_PX } from './AdminList';
export type { AdminListColumn, AdminListPage, AdminListQuery, AdminListProps } from './AdminList';
export { AdminSection } from './AdminSection';
export { ConfirmDialog } from './ConfirmDialog';
export { ContentForm, useContentForm, useContentListForm, valuesOf, saveContentItem } from './ContentForm';
export type { ContentFormProps } from './ContentForm';
export { ContentListSection, useContentList } from './ContentListSection';
export type { ContentListCalls, ListedItem } from './ContentListSection';
export { DateTime } from './DateTime';
export { SearchFilter, SelectFilter } from './FilterFields';
export { ImageUploadField } from './ImageUploadField';
export { ItemDialogs, useItemDialogs } from './ItemDialogs';
export { Pager } from './Pager';
export { RichTextEditor } from './RichTextEditor';
export { capitalised, shownColumn, useToastedChange, VisibilityButton } from './Visibility';
export { AUDIO_MAX_MB, AUDIO_PICKER_ACCEPT, IMAGE_MAX_MB, IMAGE_PICKER_ACCEPT } from './upload-limits';
export { useUpload, type Uploader, type UploadKind } from './useUpload';
export { adminStyles, tableStyles };
