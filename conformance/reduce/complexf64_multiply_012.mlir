// reduce: oracle jax.lax.reduce (floating sums compared with tolerance: order is unspecified)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[-2.1504198560255356, 2.6158952979300771, 1.0892499381459146, -1.2227167018108502], [2.151771169412608, -1.3598118415803699, 0.91835526166126236, 0.27304633563621372], [1.4409163722371032, -3.1258233945031688, 1.6435744946163593, -2.7949208248271202]], [[-1.2533292224475741, -0.76549011953583534, -1.8395375807229959, 0.91604352889810369], [0.99584634888448519, 0.52045941164351284, 3.9813863754836945, 0.64179842060212244], [-4.5429481840709807, 0.13680960334538494, -2.3753233821344204, 2.864333577962026]]]> : tensor<2x3x4xf64>} : () -> tensor<2x3x4xf64>
  %c2 = shlo.constant {value = dense<[[[1.8330083356186739, -3.0389024479701603, -0.90540750577941342, -3.8012517461382704], [1.4807029375352816, -1.2969964998126322, 0.61297005525966475, 1.5851210572683014], [0.019455483791346144, -0.31416140169884965, 0.31764797845801107, 1.3376854979057591]], [[2.6487613613139347, 2.6031099323748146, -0.84035732216347492, -4.0701578214916116], [-1.7524177182089418, -1.672877454919163, 2.7703963464565322, 1.6273027279841512], [-1.8089166543499462, 0.18669714441997884, 0.46292242393029626, -2.1314586463404197]]]> : tensor<2x3x4xf64>} : () -> tensor<2x3x4xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x3x4xf64>, tensor<2x3x4xf64>) -> tensor<2x3x4xcomplex<f64>>
  %c4 = shlo.constant {value = dense<1.000000e+00> : tensor<f64>} : () -> tensor<f64>
  %c5 = shlo.constant {value = dense<0.000000e+00> : tensor<f64>} : () -> tensor<f64>
  %v6 = "shlo.complex"(%c4, %c5) : (tensor<f64>, tensor<f64>) -> tensor<complex<f64>>
  %v7 = "shlo.reduce"(%v3, %v6) ({
  ^bb0(%a0: tensor<complex<f64>>, %b0: tensor<complex<f64>>):
    %s0 = "shlo.multiply"(%a0, %b0) : (tensor<complex<f64>>, tensor<complex<f64>>) -> tensor<complex<f64>>
    "shlo.return"(%s0) : (tensor<complex<f64>>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1>, dimensions = array<i64: 0, 1, 2>} : (tensor<2x3x4xcomplex<f64>>, tensor<complex<f64>>) -> tensor<complex<f64>>
  %v8 = "shlo.real"(%v7) : (tensor<complex<f64>>) -> tensor<f64>
  %v9 = "shlo.imag"(%v7) : (tensor<complex<f64>>) -> tensor<f64>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<103441608.02694726> : tensor<f64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<f64>) -> ()
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<-236169401.63888255> : tensor<f64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<f64>) -> ()
  func.return
}
