// triangular_solve: oracle jax.lax.linalg.triangular_solve (given only the triangle; shlo must ignore the other)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[15.208829616854292, 7.3490802988011215, 0.32738199703246618], [7.3490802988011215, 13.300103313944089, -8.775781680777051], [0.32738199703246618, -8.775781680777051, 33.776083666633255]]> : tensor<3x3xf64>} : () -> tensor<3x3xf64>
  %c2 = shlo.constant {value = dense<[[0.000000e+00, 2.2605660743622753, 1.6170177516910831], [-2.2605660743622753, 0.000000e+00, -2.8597129737215221], [-1.6170177516910831, 2.8597129737215221, 0.000000e+00]]> : tensor<3x3xf64>} : () -> tensor<3x3xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xcomplex<f64>>
  %c4 = shlo.constant {value = dense<[[5.9496416885089625, -0.24191071688329555, 0.58363051996725401], [4.0628935394549854, 1.3765412484683319, -0.71735636786398216]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c5 = shlo.constant {value = dense<[[2.2825129759165703, 0.087757062404196687, -0.53679711962642784], [1.3313501666856227, -0.93157417040447321, 0.12189667207462807]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v6 = "shlo.complex"(%c4, %c5) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xcomplex<f64>>
  %v7 = "shlo.triangular_solve"(%v3, %v6) {left_side = false, lower = true, unit_diagonal = false, transpose_a = #shlo.transpose<NO_TRANSPOSE>} : (tensor<3x3xcomplex<f64>>, tensor<2x3xcomplex<f64>>) -> tensor<2x3xcomplex<f64>>
  %v8 = "shlo.real"(%v7) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  %v9 = "shlo.imag"(%v7) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.39857537807879378, -0.010204383482208687, 0.017279401772201653], [0.23297700603510868, 0.090260699402871861, -0.021238589261686508]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-12 : f64}} : (tensor<2x3xf64>) -> ()
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.15441484343408088, -0.0076036221435403038, -0.015892817086923531], [0.12910618625001172, -0.0630947294654675, 0.0036089640610124213]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-12 : f64}} : (tensor<2x3xf64>) -> ()
  func.return
}
