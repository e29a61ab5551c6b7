// sign: oracle jax.lax (sign)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.30908982771802501, -0.38055849902633976, 2.2656679884934281], [3.1843151611339136, 0.77297846454125485, 1.9786143175374342]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c2 = shlo.constant {value = dense<[[-0.11085169897043647, -1.8742518927173477, 1.1678862051269236], [3.2199416767827747, -0.95767419772640394, 0.17505662567154326]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xcomplex<f64>>
  %v4 = "shlo.sign"(%v3) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xcomplex<f64>>
  %v5 = "shlo.real"(%v4) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  %v6 = "shlo.imag"(%v4) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.94129498052082594, -0.19898514404964782, 0.88885890792686795], [0.70316230641484456, 0.6280776188147158, 0.99610897278365839]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.33758518872470961, -0.98000250634758124, 0.45818101422806179], [0.7110293741030369, -0.77815069539520221, 0.08813009894403298]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  func.return
}
