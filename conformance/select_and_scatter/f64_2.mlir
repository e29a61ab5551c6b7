// select_and_scatter: oracle jax _select_and_scatter_add (the StableHLO select_and_scatter with GE/add)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-0.83547366611205809, 0.17772902476790209, 0.38037845388105962, 0.26140355750855326, -0.27464544449720418, 0.40499224728669969], [-0.72076042480948244, 0.87209066217203268, 0.39781902031036098, 0.20382170771349106, 0.4269156517276963, 0.81267672141355585], [0.8696103465888313, -0.86522470671302254, 0.065024916945060629, 0.64407430394642817, 0.075264044869743807, 0.81619435492254644], [-0.087092906712033513, 0.83422079886988676, 0.69024656177353461, -0.30283133663992445, -0.62909474658140974, -0.3433170871762532]]> : tensor<4x6xf64>} : () -> tensor<4x6xf64>
  %c2 = shlo.constant {value = dense<[[0.84637322758154487, 0.30831182509317678, 0.031612933772627083], [-0.62098653904763745, -0.51296617616784357, 0.2497816252106756]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c3 = shlo.constant {value = dense<0.000000e+00> : tensor<f64>} : () -> tensor<f64>
  %v4 = "shlo.select_and_scatter"(%c1, %c2, %c3) ({
  ^bb0(%p: tensor<f64>, %q: tensor<f64>):
    %c = "shlo.compare"(%p, %q) {comparison_direction = #shlo.comparison_direction<GE>} : (tensor<f64>, tensor<f64>) -> tensor<i1>
    "shlo.return"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a0: tensor<f64>, %b0: tensor<f64>):
    %s0 = "shlo.add"(%a0, %b0) : (tensor<f64>, tensor<f64>) -> tensor<f64>
    "shlo.return"(%s0) : (tensor<f64>) -> ()
  }) {window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 2, 2>, padding = dense<1> : tensor<2x2xi64>} : (tensor<4x6xf64>, tensor<2x3xf64>, tensor<f64>) -> tensor<4x6xf64>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00], [0.000000e+00, 0.020732337459240635, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.031612933772627083], [0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.2497816252106756], [0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00]]> : tensor<4x6xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<4x6xf64>) -> ()
  func.return
}
