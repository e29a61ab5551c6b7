// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[2.0371487744245176, -1.8044381740755324, -0.98130047157419542, -0.82693415644366131], [1.653450470532605, 3.3178152056377224, 1.1983698855280198, -2.7386155831672254], [-2.4263758867627034, -0.96354499825733597, -1.2983833190127427, -4.3077431489642519], [-0.22121150270309095, -1.6238826567176472, 2.2043192827532754, 0.50486273546061633]]> : tensor<4x4xf64>} : () -> tensor<4x4xf64>
  %c2 = shlo.constant {value = dense<[[-1.5065960308680495, 0.69501881924973841, -1.6409148949374852, 1.1947167176264537], [0.87811224937676968, -3.3903046727249948, -1.1312271430126324, -0.90706846534715779], [-1.3126842105579239, 0.20088459741939155, 2.499430224212472, -0.20251943442649983], [0.34924714855011196, -0.41199559853069972, -1.3226065278490466, -1.2886567012016323]]> : tensor<4x4xf64>} : () -> tensor<4x4xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<4x4xf64>, tensor<4x4xf64>) -> tensor<4x4xcomplex<f64>>
  %c4 = shlo.constant {value = dense<[[0, 0], [3, 3], [1, 2]]> : tensor<3x2xi32>} : () -> tensor<3x2xi32>
  %c5 = shlo.constant {value = dense<[0.80751297921562537, 0.56091094684453546, 0.57515957816264141]> : tensor<3xf64>} : () -> tensor<3xf64>
  %c6 = shlo.constant {value = dense<[1.6700669020592627, 1.4684167395928738, -1.9844519487986767]> : tensor<3xf64>} : () -> tensor<3xf64>
  %v7 = "shlo.complex"(%c5, %c6) : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xcomplex<f64>>
  %v8 = "shlo.scatter"(%v3, %c4, %v7) ({
  ^bb0(%a0: tensor<complex<f64>>, %b0: tensor<complex<f64>>):
    %s0 = "shlo.add"(%a0, %b0) : (tensor<complex<f64>>, tensor<complex<f64>>) -> tensor<complex<f64>>
    "shlo.return"(%s0) : (tensor<complex<f64>>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [], inserted_window_dims = [0, 1], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<4x4xcomplex<f64>>, tensor<3x2xi32>, tensor<3xcomplex<f64>>) -> tensor<4x4xcomplex<f64>>
  %v9 = "shlo.real"(%v8) : (tensor<4x4xcomplex<f64>>) -> tensor<4x4xf64>
  %v10 = "shlo.imag"(%v8) : (tensor<4x4xcomplex<f64>>) -> tensor<4x4xf64>
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[2.8446617536401431, -1.8044381740755324, -0.98130047157419542, -0.82693415644366131], [1.653450470532605, 3.3178152056377224, 1.7735294636906613, -2.7386155831672254], [-2.4263758867627034, -0.96354499825733597, -1.2983833190127427, -4.3077431489642519], [-0.22121150270309095, -1.6238826567176472, 2.2043192827532754, 1.0657736823051518]]> : tensor<4x4xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<4x4xf64>) -> ()
  "shlo.custom_call"(%v10) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.16347087119121317, 0.69501881924973841, -1.6409148949374852, 1.1947167176264537], [0.87811224937676968, -3.3903046727249948, -3.1156790918113089, -0.90706846534715779], [-1.3126842105579239, 0.20088459741939155, 2.499430224212472, -0.20251943442649983], [0.34924714855011196, -0.41199559853069972, -1.3226065278490466, 0.17976003839124144]]> : tensor<4x4xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<4x4xf64>) -> ()
  func.return
}
