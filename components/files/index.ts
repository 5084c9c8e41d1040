export { ImagePicker, ImagesField, type ImagePickerProps, type PickedImage } from "./image-picker";
export { IMAGE_TYPES, MAX_FILE_BYTES, resourceFileUrl, uploadFiles, UploadError, type UploadedFile } from "./upload";
