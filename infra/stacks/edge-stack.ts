import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { CloudFrontTarget } from 'aws-cdk-lib/aws-route53-targets';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { ORIGIN_HEADER } from '../../shared/http/middleware/origin-check';
import type { StageConfig } from '../stage/config';

/** Requests one address may make in five minutes before the web ACL blocks it (WAF's rate-based rule). */
export const EDGE_REQUESTS_PER_5_MIN_PER_IP = 1500;

export interface EdgeStackProps extends StackProps {
  stage: StageConfig;
}

/**
 * The stage's AWS WAF web ACL for CloudFront (`<stage>.edge=cloudfront`). A web ACL of CloudFront's scope
 * lives in us-east-1 whatever the stage's region, hence a stack of its own; the distribution that uses it
 * is in the API stack (addDistribution), beside the API it forwards to. Rules: a rate-based rule per
 * address, then AWS's managed common rule set.
 */
export class EdgeStack extends Stack {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, { ...props, crossRegionReferences: true });
    const { stage } = props;
    const visibility = (name: string) => ({
      cloudWatchMetricsEnabled: true,
      metricName: `booking-${stage.name}-${name}`,
      sampledRequestsEnabled: true,
    });
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      description: `Booking API ${stage.name} - a rate limit per address, then the AWS common rule set`,
      defaultAction: { allow: {} },
      visibilityConfig: visibility('web-acl'),
      rules: [
        {
          name: 'RatePerAddress',
          priority: 0,
          action: { block: {} },
          statement: {
            rateBasedStatement: { limit: EDGE_REQUESTS_PER_5_MIN_PER_IP, aggregateKeyType: 'IP' },
          },
          visibilityConfig: visibility('rate-per-address'),
        },
        {
          name: 'AWSManagedRulesCommonRuleSet',
          priority: 1,
          // `<stage>.wafCount=true`: the managed rules count what they would block and block nothing (a
          // first week's traffic checked against them in the metrics); the rate rule blocks either way.
          overrideAction: stage.wafCount ? { count: {} } : { none: {} },
          statement: {
            managedRuleGroupStatement: { vendorName: 'AWS', name: 'AWSManagedRulesCommonRuleSet' },
          },
          visibilityConfig: visibility('common-rules'),
        },
      ],
    });
    new CfnOutput(this, 'WebAclArn', { value: this.webAcl.attrArn });
  }
}

/**
 * CloudFront in front of the stage's API: no caching (every answer is per token), every header but Host
 * forwarded, the origin secret added (the functions refuse requests without it), the web ACL attached,
 * the stage's custom domain on the distribution when it has one (its certificate must be in us-east-1).
 */
export function addDistribution(
  stack: Stack,
  props: { stage: StageConfig; api: HttpApi; webAclArn: string; originSecret: string },
): Distribution {
  const { stage, api } = props;
  const distribution = new Distribution(stack, 'Distribution', {
    comment: `Booking API (${stage.name})`,
    webAclId: props.webAclArn,
    httpVersion: HttpVersion.HTTP2_AND_3,
    priceClass: PriceClass.PRICE_CLASS_100,
    minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
    ...(stage.domain
      ? {
          domainNames: [stage.domain.name],
          certificate: Certificate.fromCertificateArn(stack, 'EdgeCertificate', stage.domain.certificateArn),
        }
      : {}),
    defaultBehavior: {
      origin: new HttpOrigin(`${api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`, {
        protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
        customHeaders: { [ORIGIN_HEADER]: props.originSecret },
        readTimeout: Duration.seconds(30),
      }),
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    },
  });
  new CfnOutput(stack, 'EdgeUrl', {
    value: `https://${stage.domain?.name ?? distribution.distributionDomainName}/`,
    description: 'The public base URL (CloudFront): v1 under api/, v2 under api/v2/',
  });
  // The DNS target of the stage's domain: a CNAME to the distribution's name, or a Route 53 alias record
  // (A and AAAA) to it in CloudFront's hosted zone.
  new CfnOutput(stack, 'EdgeDomainTarget', {
    value: distribution.distributionDomainName,
    description: stage.domain
      ? `Point ${stage.domain.name} here: a CNAME, or an alias record (A and AAAA) in hosted zone EdgeHostedZoneId`
      : "The distribution's own name",
  });
  new CfnOutput(stack, 'EdgeHostedZoneId', {
    // The commercial partition's (cdk.json's target partitions: aws only).
    value: CloudFrontTarget.CLOUDFRONT_ZONE_ID,
    description: "CloudFront's hosted zone, for an alias record to EdgeDomainTarget",
  });
  NagSuppressions.addResourceSuppressions(distribution, [
    {
      id: 'AwsSolutions-CFR1',
      reason: 'The API serves clients wherever they are: no country is refused.',
    },
    {
      id: 'AwsSolutions-CFR3',
      reason:
        "Every request is logged by API Gateway's access log (JSON, with the address and request id) behind the distribution; a second log in S3 would hold the same lines.",
    },
    ...(stage.domain
      ? []
      : [
          {
            id: 'AwsSolutions-CFR4',
            reason:
              "Without a custom domain the distribution answers on CloudFront's own certificate, whose minimum protocol CloudFront sets; with <stage>.domainName it is TLS 1.2 (2021).",
          },
        ]),
  ]);
  return distribution;
}
