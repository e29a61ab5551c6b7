// triangular_solve: oracle jax.lax.linalg.triangular_solve (given only the triangle; shlo must ignore the other)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[75.372382077808709, 7.5629681195691844, 25.963673879146285], [7.5629681195691844, 32.600613773756606, -7.1365221517299489], [25.963673879146285, -7.1365221517299489, 20.71717816870947]]> : tensor<3x3xf64>} : () -> tensor<3x3xf64>
  %c2 = shlo.constant {value = dense<[[0.000000e+00, 44.817506145082831, -14.814564408232332], [-44.817506145082831, 0.000000e+00, -15.920480685924684], [14.814564408232332, 15.920480685924684, 0.000000e+00]]> : tensor<3x3xf64>} : () -> tensor<3x3xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xcomplex<f64>>
  %c4 = shlo.constant {value = dense<[[-2.9878199318804568, 1.0113114419846827], [0.75655837377009261, 0.34471954986663544], [-4.4775661446277386, -2.9040221261992532]]> : tensor<3x2xf64>} : () -> tensor<3x2xf64>
  %c5 = shlo.constant {value = dense<[[5.59701264754663, -1.6471745370637492], [1.2428238532106863, -1.1130780351384724], [3.2576640493828428, 4.1552444751931654]]> : tensor<3x2xf64>} : () -> tensor<3x2xf64>
  %v6 = "shlo.complex"(%c4, %c5) : (tensor<3x2xf64>, tensor<3x2xf64>) -> tensor<3x2xcomplex<f64>>
  %v7 = "shlo.triangular_solve"(%v3, %v6) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #shlo.transpose<NO_TRANSPOSE>} : (tensor<3x3xcomplex<f64>>, tensor<3x2xcomplex<f64>>) -> tensor<3x2xcomplex<f64>>
  %v8 = "shlo.real"(%v7) : (tensor<3x2xcomplex<f64>>) -> tensor<3x2xf64>
  %v9 = "shlo.imag"(%v7) : (tensor<3x2xcomplex<f64>>) -> tensor<3x2xf64>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.039640778883650765, 0.013417533241030937], [-0.069682865189144239, 0.037504721036613356], [-0.1631722924206058, -0.16786478010654743]]> : tensor<3x2xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-12 : f64}} : (tensor<3x2xf64>) -> ()
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.074258136644383882, -0.021853820877829385], [-0.03360025445119301, -0.010627343045480136], [0.13450222830235278, 0.18588147264878896]]> : tensor<3x2xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-12 : f64}} : (tensor<3x2xf64>) -> ()
  func.return
}
