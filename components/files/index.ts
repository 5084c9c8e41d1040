export { ImagePicker, ImagesField, type ImagePickerProps, type PickedImage } from "./image-picker";
export { IMAGE_TYPES, MAX_FILE_BYTES, resourceFileUrl, uploadFiles, type UploadedFile } from "./upload";
