/** Field validation messages, shared by the app's forms and the server's 400 answers. */
export default {
  required: 'This field is required.',
  idComp: 'This field must contain only letters, digits and the characters @ . + - _',
  phone: 'This field must contain only digits.',
  url: 'Enter a valid URL (http or https).',
  email: 'Enter a valid email address.',
  maxLength: 'Ensure this field has no more than %{max} characters.',
  invalid: 'Invalid value.',
  imageType: 'The image must be a JPG or PNG file.',
  imageTooLarge: 'The image must not exceed 2 MB.',
  imageDimensions: 'The image must not exceed %{max} × %{max} pixels.',
  imageCorrupt: 'The image cannot be read: the file is damaged or incomplete.',
  notUtf8: 'The file must be encoded in UTF-8.',
  unique: 'This value is already used.',
  date: 'Enter a valid date (YYYY-MM-DD).',
  parentCycle: 'A dataset cannot be its own parent or the parent of one of its ancestors.',
  urlPattern: "The URL pattern must contain the substitution variable {identifier}.",
};
