import { usePageTitle } from '../../shared/page-title.ts'
import { useAuth } from '../../shared/auth/AuthContext.tsx'
import { myDataHref } from '../../shared/routes.ts'
import { SignInRequired } from '../../shared/auth/SignInRequired.tsx'
import { useThemeNames, useUploadOptions } from './api.ts'
import { DocumentForm } from './DocumentForm.tsx'
import { FormDataState, FormFrame } from './FormFrame.tsx'
import { emptyValues } from './form-values.ts'
import { UPLOAD_TEXTS as TEXTS } from './texts.ts'

/** /document/upload: a new document or dataset, with one or more files. */
export function UploadPage() {
  const { authenticated } = useAuth()
  usePageTitle(TEXTS.uploadHeading)
  if (!authenticated) {
    return <SignInRequired heading={TEXTS.uploadHeading} purpose={TEXTS.uploadPurpose} />
  }
  return (
    <FormFrame heading={TEXTS.uploadHeading} intro={TEXTS.uploadIntro}>
      <NewDocumentForm />
    </FormFrame>
  )
}

function NewDocumentForm() {
  const options = useUploadOptions()
  const themes = useThemeNames()
  if (!options.data || !themes.data) {
    return (
      <FormDataState
        failed={options.isError || themes.isError}
        onRetry={() => {
          if (options.isError) void options.refetch()
          if (themes.isError) void themes.refetch()
        }}
      />
    )
  }
  return (
    <DocumentForm
      initialValues={emptyValues(options.data)}
      options={options.data}
      themeNames={themes.data}
      cancelHref={myDataHref()}
    />
  )
}
