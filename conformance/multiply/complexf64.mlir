// multiply: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-1.7988677370382364, 1.6049803692062352, -0.16321954722010648], [-5.0915641257459532, -1.9234871273572809, 0.63255327839376807]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c2 = shlo.constant {value = dense<[[1.9139375130191765, -2.0688073255184909, -0.5427492758936423], [0.04018057163202108, -2.6504421444077249, 0.30774007550667393]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xcomplex<f64>>
  %c4 = shlo.constant {value = dense<[[-1.338130529313311, 0.25910557093346848, 3.4721940861042269], [-1.9496922327467623, -0.18060477777893116, 0.8339197876624278]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c5 = shlo.constant {value = dense<[[0.56462995715284292, 1.7424617912652358, 2.1044388907507945], [1.8742836699862586, -0.53356154363295005, -1.5127293639041772]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v6 = "shlo.complex"(%c4, %c5) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xcomplex<f64>>
  %v7 = "shlo.multiply"(%v3, %v6) : (tensor<2x3xcomplex<f64>>, tensor<2x3xcomplex<f64>>) -> tensor<2x3xcomplex<f64>>
  %v8 = "shlo.real"(%v7) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  %v9 = "shlo.imag"(%v7) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.326453381158377, 4.0206770731057819, 0.57545273752315029], [9.8516732392383339, -1.0667830366830156, 0.99302614427233804]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-3.5767928306564833, 2.2605774658428257, -2.2280163888959841], [-9.6213752439917783, 1.5049812753375305, -0.70025138003836174]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  func.return
}
